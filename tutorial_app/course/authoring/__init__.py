"""Tools for lesson authors and translators: `python -m tutorial_app.course` (cli.py:
validate, show, generate, stats), the translators' catalogues (catalogues.py) and the
check that reads every sentence in every language (sentences.py).
"""
