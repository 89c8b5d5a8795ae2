"""The words a learner reads: the lookup `t()` in the language of the run (i18n.py), the
English catalogue (every `messages_*.py` module), the other languages (`locales/`), and
moves, cards and verdicts in those words (words.py). Below the course: the pages and
services use it too. Standard library and Babel only; no Streamlit.
"""
