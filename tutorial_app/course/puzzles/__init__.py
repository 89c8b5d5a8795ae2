"""Puzzles: line puzzles and their solver, finding puzzles in random deals, difficulty
measured from the position and from play, and the ratings (Glicko-2) of learners and
puzzles.
"""
