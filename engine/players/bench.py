"""`python -m engine.players.bench`: the older name of `python -m engine.tools.players_bench`."""

import sys

from engine.tools.players_bench import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
