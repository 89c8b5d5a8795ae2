"""Proofs of an author's sentences, run when a lesson is loaded: what the task's own words
say (truth.py), what a feedback entry claims about the try (claims.py), every attempt
the click interface can make (clicks.py), and that no step is passed by chance
(chance.py).
"""
