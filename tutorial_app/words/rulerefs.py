"""Rule references in the words of every shipped language (no Streamlit).

Authors and the judge cite rules as "(4.1)", "(rule 5.2)", "(rules 4.4, 5.3)",
"(1.2-1.5)", and a translation cites them in its own words: "(regra 4.5)",
"(reglas 2.3 y 2.4)", "(regole 4.4, 5.3)". Whatever the page's language, each is one
reference here: the Rules page links it (flows/rulelinks.py), the "already said"
checks see it (the judge's note is added only where no reference to its rule was
said: `cites`; an author's advice read after the judge's sentence drops a
reference the judge has made: `without_cited`), and sentences are compared without
it (course/judge/feedback.py).

The words are the catalogues' own: the word before `{links}` in `rules.ref_one` and
`rules.ref_many` and the word of `list.and`, in English and each shipped language,
so a new language's references are recognised once its catalogue says them.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache
from typing import Final

from tutorial_app.words.i18n import DEFAULT_LANGUAGE, shipped_languages, t, using

NUMBER: Final = r"\d{1,2}\.\d{1,2}"
_WORD_BEFORE_LINKS: Final = re.compile(r"\(\s*([^\W\d_]+)\s*\{links\}\s*\)")


def words() -> tuple[frozenset[str], frozenset[str]]:
    """The words for "rule"/"rules" and for "and" in English and every shipped language."""
    rules: set[str] = set()
    ands: set[str] = set()
    for lang in (DEFAULT_LANGUAGE, *shipped_languages()):
        with using(lang):
            for key in ("rules.ref_one", "rules.ref_many"):
                found = _WORD_BEFORE_LINKS.fullmatch(t(key).strip())
                if found:
                    rules.add(found.group(1).lower())
            joiner = t("list.and").strip()
            if joiner.isalpha():
                ands.add(joiner.lower())
    return frozenset(rules), frozenset(ands)


@lru_cache(maxsize=1)
def pattern() -> re.Pattern[str]:
    """A reference in any of the languages; group 1 holds its numbers. Read once per
    process (the catalogues' words do not change while it runs)."""
    rules, ands = words()
    word = "|".join(re.escape(w) for w in sorted(rules, key=len, reverse=True))
    joiner = "|".join(re.escape(w) for w in sorted(ands, key=len, reverse=True))
    between = rf"(?:\s*[,\-–]\s*|\s+(?:{joiner})\s+)" if joiner else r"\s*[,\-–]\s*"
    return re.compile(rf"\((?:(?:{word})\s+)?({NUMBER}(?:{between}{NUMBER})*)\)",
                      re.IGNORECASE)


def numbers(reference: str) -> list[str]:
    """The rule numbers a reference (or any text) names, in order."""
    return re.findall(NUMBER, reference)


def cited(text: str) -> list[str]:
    """Every rule number the text's references name, in order, repeats included."""
    return [n for m in pattern().finditer(text) for n in numbers(m.group(1))]


def cites(text: str, rule: str) -> bool:
    """Does the text already cite this rule in a reference, in any language's words?"""
    return rule in cited(text)


def without_cited(text: str, said: Collection[str]) -> str:
    """The text without its references whose every rule is among `said` (cited already,
    by the words read before it), and the space before each."""
    def keep(match: re.Match[str]) -> str:
        return "" if set(numbers(match.group(1))) <= set(said) else match.group(0)

    plain = re.compile(rf"\s*{pattern().pattern}", re.IGNORECASE)
    return plain.sub(keep, text)


def strip(text: str) -> str:
    """The text with every reference replaced by a space (for comparing sentences)."""
    return pattern().sub(" ", text)
