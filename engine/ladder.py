"""`python -m engine.ladder`: the older name of `python -m engine.tools.ladder`."""

import sys

from engine.tools.ladder import Match, main, play_deal, run_pair, seatings, table

__all__ = ["Match", "main", "play_deal", "run_pair", "seatings", "table"]

if __name__ == "__main__":
    sys.exit(main())
