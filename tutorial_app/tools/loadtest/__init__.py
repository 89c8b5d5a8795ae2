"""Load tests for the real Streamlit server: simulated learners over the websocket protocol.

A class of thirty on one server process is the case to measure, and a browser per
learner would not fit on the machine next to the server it measures; so each
learner is a `client.Session` speaking Streamlit's own websocket protocol (the
protobuf classes ship with Streamlit; the websocket client is `websockets`, which
Streamlit depends on).

Modules:
    client     the protocol: open a page, click, type, change page; a model of the
               page's widgets found by key or label; every request timed
    scenarios  what a learner does (lessons, puzzles, mixed), at a class's pace
    runner     N learners for a while against one server; the figures; --stress
    metrics    percentiles, and the server's CPU and memory from /proc
    server     start `streamlit run tutorial_app/app.py` with a throwaway database
    __main__   the command line (`make load`)
"""
