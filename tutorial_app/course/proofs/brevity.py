"""A prompt is one instruction a beginner reads before the first tap: at most
PROMPT_WORDS words (issue 34: children read 50-60 bold words before acting, and
skipped most). The rule behind it goes in the step's `why:`, which the learner opens
when they want it.

Words are counted as a reader meets them: a card ("10♦") or a number is a word, a
rule reference "(rule 4.1)" two, and markup or a lone dash none.
"""

from __future__ import annotations

import re
from typing import Final

from tutorial_app.course.reading.yamlsrc import Fields, Source

PROMPT_WORDS: Final = 30
"""Words in a step's or puzzle's prompt, as written in English (a translation runs
a little longer or shorter; the English is what the author controls)."""

_WORD: Final = re.compile(r"[^\W_]")  # a token with a letter or a digit is read as a word


def words_read(text: str) -> int:
    """How many words a reader reads in `text` (markup and punctuation alone are none)."""
    return sum(1 for token in text.split() if _WORD.search(token))


def report_long_prompt(src: Source, fields: Fields, what: str) -> None:
    """An error at the prompt of `what` ("step 'first-pair'") when it is over the limit;
    only in the proofs (`validate` and the tests), so a long prompt never keeps a lesson
    from the app."""
    if not src.proofs:
        return
    node = fields.get("prompt")
    value = getattr(node, "value", None)
    if not isinstance(value, str):
        return
    count = words_read(value)
    if count > PROMPT_WORDS:
        src.error(node, fields.at("prompt"),
                  f"{what}: the prompt has {count} words, over the limit of {PROMPT_WORDS}: ask "
                  "for one thing, and move the rule behind it into `why:`")
