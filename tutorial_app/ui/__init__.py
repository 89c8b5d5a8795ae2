"""Drawing and interaction helpers for the Streamlit pages.

`card_svg` and `css` are plain Python (no streamlit import) so they can be
tested and reused anywhere; `widgets` holds the Streamlit pieces.
"""
