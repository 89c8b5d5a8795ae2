"""The engine's measuring tools, kept in one place and out of the game's way.

Nothing in the engine, the players or the app imports these; they check and
time the rest:

- `bench`: the move generator and random games (`python -m engine bench`);
- `players_bench`: how long each computer level takes to choose
  (`python -m engine.tools.players_bench`);
- `perft`: move-sequence counts that prove the generator against the
  brute-force reference (tests/engine/test_perft.py);
- `ladder`: does every computer level beat the one below it
  (`python -m engine.tools.ladder`).
"""
