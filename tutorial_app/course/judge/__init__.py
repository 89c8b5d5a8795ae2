"""The judge of an answer: what a try came to (outcome.py: status, words, stars), the
checkers named together (checking.py), which moves meet a goal (answers.py), the
author's feedback chosen by what was tried (feedback.py), why a picked reason does not
apply (whynot.py), the reason labels and the facts a quiz asks. Legality is the
engine's; this only decides whether the answer is the one asked for and its words.
"""
