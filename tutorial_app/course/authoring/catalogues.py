"""The translators' files: extract, update, compile and check the gettext catalogues.

`make i18n` runs `python -m tutorial_app.course.authoring.catalogues all`:

- extract: the English texts become templates, `locales/messages.pot` (every key
  of the Python catalogues: the app's, the course's, the judge's and the
  advice's) and `locales/lessons.pot` (every lesson, puzzle and line-puzzle text,
  keyed by its stable id). Each entry's `msgctxt` is the key and its `msgid` the English.
- update: each language's `.po` gets the new keys (untranslated), loses the
  removed ones, and an entry whose English changed keeps its translation but is
  marked `fuzzy` with the old English as `#| msgid`: stale, so the app shows the
  English until a translator looks at it again.
- compile: `.mo` files for gettext tools (the app reads the `.po` itself, so a
  stale entry can never hide in a forgotten compile step).
- check: what each language lacks (missing), what is stale, `{fields}` that
  differ from the English, and lesson translations naming other cards or
  numbers than the English text. Exit status 1 when a shipped language has any.
- sentences: every message the course and the app can show, rendered in every
  language and read for slips (course/authoring/sentences.py): counts per language, exit
  status 1 when any is found.

Adding a language is one folder, no code: `make i18n-add LANGUAGE_TAG=fr` creates
`locales/fr/LC_MESSAGES/` with both catalogues, ready to translate; the language
ships (is checked as shipped and offered once its app catalogue is complete) when
its folder holds its grammar too, `locales/fr/grammar.toml` (`i18n.shipped_languages`).
The count messages (`count.card.one` / `.other` in English) are one plural
entry each, with as many forms as the language's plural rule has.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, unescape, write_po

from tutorial_app.words import i18n
from tutorial_app.words.i18n import APP_DOMAIN, LESSON_DOMAIN, LOCALES, fields, folder_name

PROJECT = "Cassino Tutor"
STAMP = datetime(2026, 1, 1, tzinfo=UTC)  # fixed, so `make i18n` twice changes nothing
CARD = re.compile(r"(?<![\w])(?:10|[2-9AJQK])\s?[♠♥♦♣]")  # cards as a learner reads them
NUMBER = re.compile(r"(?<!\w)\d+(?![\d♠♥♦♣])")  # "5s" in English is the number 5


def __getattr__(name: str) -> tuple[str, ...]:
    """`SHIPPED`: the shipped languages as the folders say now (`i18n.shipped_languages`),
    not a copy of them."""
    if name == "SHIPPED":
        return tuple(i18n.shipped_languages())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def english_app() -> dict[str, str]:
    """Every English key the app uses (the engine's templates included)."""
    return dict(i18n.english())


def english_lessons(folder: Path | None = None) -> dict[str, str]:
    """Every lesson, puzzle and line-puzzle text, keyed by stable id, as the English
    files say. The feedback proofs are not run: they only judge the texts, which are
    read the same without them, and take seconds (`validate` runs them)."""
    from tutorial_app.config import lessons_folder
    from tutorial_app.course.course import load_course
    from tutorial_app.course.puzzles.line_puzzles import load_folder

    root = Path(folder or lessons_folder())
    with i18n.using(i18n.DEFAULT_LANGUAGE), i18n.recording_lesson_texts() as found:
        load_course(root, proofs=False)
        load_folder(root / "lines")
    return {key: text for key, text in found.items() if text}


def plural_keys(messages: dict[str, str]) -> dict[str, tuple[str, str]]:
    """'count.card' -> ('{n} card', '{n} cards'): the entries with plural forms (the
    `count.*` family, which `i18n.count` reads)."""
    out: dict[str, tuple[str, str]] = {}
    for key in messages:
        if key.startswith("count.") and key.endswith(".one") and f"{key[:-4]}.other" in messages:
            out[key[:-4]] = (messages[key], messages[f"{key[:-4]}.other"])
    return out


def _new(domain: str, locale: str | None = None) -> Catalog:
    catalogue = Catalog(locale=locale, project=PROJECT, domain=domain, fuzzy=False,
                        creation_date=STAMP, revision_date=STAMP)
    rule = i18n.PLURAL_RULES.get(i18n.tag_of(locale)) if locale else None
    if rule is not None:  # the project's rule over Babel's data (i18n.PLURAL_RULES says why)
        vars(catalogue).update(_num_plurals=rule[0], _plural_expr=rule[1])  # Babel's fields
    return catalogue


def _strings(message: Message) -> tuple[str, ...]:
    if isinstance(message.string, (tuple, list)):
        return tuple(str(s or "") for s in message.string)
    return (str(message.string or ""),)


def template(domain: str, messages: dict[str, str]) -> Catalog:
    catalogue = _new(domain)
    plurals = plural_keys(messages) if domain == APP_DOMAIN else {}
    in_plural = {f"{k}.one" for k in plurals} | {f"{k}.other" for k in plurals}
    for key, text in messages.items():
        if key in in_plural:
            if key.endswith(".one"):
                base = key[:-4]
                catalogue.add(plurals[base], context=base)
            continue
        catalogue.add(text, context=key)
    return catalogue


def _by_context(catalogue: Catalog) -> dict[str, Message]:
    return {str(m.context): m for m in catalogue if m.id and m.context}


def update(catalogue: Catalog, fresh: Catalog) -> tuple[Catalog, int, int]:
    """`catalogue` brought to the keys of `fresh`: (result, new entries, newly stale)."""
    old = _by_context(catalogue)
    out = _new(str(catalogue.domain), str(catalogue.locale) if catalogue.locale else None)
    added = staled = 0
    for message in fresh:
        if not message.id:
            continue
        key = str(message.context)
        before = old.get(key)
        string: str | tuple[str, ...] = ("",) * out.num_plurals if isinstance(
            message.id, tuple) else ""
        flags: set[str] = set()
        previous: object = ()
        if before is None:
            added += 1
        else:
            if isinstance(message.id, tuple) == isinstance(before.id, tuple):
                kept = _strings(before)
                string = ((kept + ("",) * out.num_plurals)[:out.num_plurals]
                          if isinstance(message.id, tuple) else kept[0])
            flags = {"fuzzy"} if before.fuzzy else set()
            previous = before.previous_id
            if before.id != message.id:
                if not before.fuzzy:
                    staled += 1
                flags = {"fuzzy"}
                previous = before.id if not before.previous_id else before.previous_id
        out.add(message.id, string, context=key, flags=flags,
                previous_id=previous)  # type: ignore[arg-type]
    return out, added, staled


def po_path(lang: str, domain: str) -> Path:
    return LOCALES / folder_name(lang) / "LC_MESSAGES" / f"{domain}.po"


def languages() -> list[str]:
    return [lang for lang in i18n.available_languages() if lang != i18n.DEFAULT_LANGUAGE
            and po_path(lang, APP_DOMAIN).exists()]


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=folder_name(lang) if lang else None)
    for message in catalogue:
        _read_previous(message)
    return catalogue


def _read_previous(message: Message) -> None:
    """Babel writes a stale entry's old English as `#| msgid "..."` but reads it back as a
    comment; taken back here, so that an update keeps it instead of losing it."""
    said = [c for c in message.user_comments if c.startswith("|")]
    if not said:
        return
    message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
    text = " ".join(c[1:].strip() for c in said)
    if text.startswith("msgid "):
        message.previous_id = [unescape(text.removeprefix("msgid ").split(" msgid_plural ")[0])]


def write(path: Path, catalogue: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=0, include_previous=True, ignore_obsolete=True)
    path.write_text(_unwrap_previous(buffer.getvalue().decode("utf-8")), encoding="utf-8")


def _unwrap_previous(text: str) -> str:
    """Babel wraps the old English (`#| msgid "..."`) at 76 columns without quoting the
    continuation, which its own reader then takes for a comment: the next update would
    lose the old English of every stale entry. Kept on one line, it reads back."""
    lines: list[str] = []
    for line in text.split("\n"):
        if (line.startswith("#| ") and lines and lines[-1].startswith("#|")
                and not line.startswith(("#| msgid", "#| msgctxt"))):
            lines[-1] += " " + line[3:]
        else:
            lines.append(line)
    return "\n".join(lines)


def templates() -> dict[str, Catalog]:
    return {APP_DOMAIN: template(APP_DOMAIN, english_app()),
            LESSON_DOMAIN: template(LESSON_DOMAIN, english_lessons())}


def extract() -> dict[str, Catalog]:
    found = templates()
    for domain, catalogue in found.items():
        write(LOCALES / f"{domain}.pot", catalogue)
    return found


def update_all(fresh: dict[str, Catalog], only: Iterable[str] | None = None) -> list[str]:
    said = []
    for lang in only or languages():
        for domain, catalogue in fresh.items():
            path = po_path(lang, domain)
            current = read(path, lang) if path.exists() else _new(domain, folder_name(lang))
            updated, added, staled = update(current, catalogue)
            write(path, updated)
            said.append(f"{lang} {domain}: {added} new, {staled} newly stale")
    return said


def compile_all() -> None:
    for lang in languages():
        for domain in (APP_DOMAIN, LESSON_DOMAIN):
            path = po_path(lang, domain)
            if path.exists():
                with path.with_suffix(".mo").open("wb") as handle:
                    write_mo(handle, read(path, lang), use_fuzzy=False)


@dataclass
class Report:
    """What one language lacks, for one domain."""

    lang: str
    domain: str
    total: int = 0
    translated: int = 0
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    bad_fields: list[str] = field(default_factory=list)
    cards_differ: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (self.missing or self.stale or self.bad_fields or self.cards_differ)

    def lines(self) -> Iterator[str]:
        yield (f"{self.lang} {self.domain}: {self.translated}/{self.total} translated, "
               f"{len(self.missing)} missing, {len(self.stale)} stale, "
               f"{len(self.bad_fields)} with other fields, "
               f"{len(self.cards_differ)} naming other cards or numbers")
        for name, keys in (("missing", self.missing), ("stale", self.stale),
                           ("fields differ", self.bad_fields),
                           ("cards or numbers differ", self.cards_differ)):
            for key in keys[:20]:
                yield f"  {name}: {key}"
            if len(keys) > 20:
                yield f"  ... and {len(keys) - 20} more {name}"


def cards_and_numbers(text: str) -> list[str]:
    """The cards ('7♥', '10d') and numbers a text names, sorted."""
    cards = [m.group(0).replace(" ", "") for m in CARD.finditer(text)]
    rest = CARD.sub(" ", text)
    rest = re.sub(r"\{[^}]*\}", " ", rest)
    return sorted(cards + NUMBER.findall(rest))


def check(lang: str, domain: str, english: dict[str, str]) -> Report:
    """Compare one language's catalogue with today's English."""
    report = Report(lang, domain)
    path = po_path(lang, domain)
    catalogue = _by_context(read(path, lang)) if path.exists() else {}
    plurals = plural_keys(english) if domain == APP_DOMAIN else {}
    in_plural = {f"{k}.one" for k in plurals} | {f"{k}.other" for k in plurals}
    wanted: dict[str, tuple[str, ...]] = {k: v for k, v in plurals.items()}
    wanted.update({k: (v,) for k, v in english.items() if k not in in_plural})
    for key, sources in wanted.items():
        report.total += 1
        message = catalogue.get(key)
        strings = () if message is None else _strings(message)
        if message is None or not all(strings):
            report.missing.append(key)
            continue
        source_id = message.id[0] if isinstance(message.id, tuple) else message.id
        if message.fuzzy or source_id != sources[0]:
            report.stale.append(key)
            continue
        report.translated += 1
        if any(fields(s) != fields(sources[0]) for s in strings):
            report.bad_fields.append(key)
        if domain == LESSON_DOMAIN and cards_and_numbers(strings[0]) != cards_and_numbers(
                sources[0]):
            report.cards_differ.append(key)
    return report


def check_all(only: Iterable[str] | None = None) -> list[Report]:
    english = {APP_DOMAIN: english_app(), LESSON_DOMAIN: english_lessons()}
    return [check(lang, domain, english[domain]) for lang in (only or languages())
            for domain in (APP_DOMAIN, LESSON_DOMAIN)]


def add_language(lang: str) -> Path:
    """Create a new language's folder with both catalogues, every entry untranslated."""
    if not re.fullmatch(r"[a-z]{2,3}([-_][A-Za-z0-9]{2,8})?", lang):
        raise ValueError(f"{lang!r} is not a language tag like 'fr' or 'pt-BR'")
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(folder_name(lang))
    except (UnknownLocaleError, ValueError) as error:
        raise ValueError(f"Babel does not know the language {lang!r}: {error}") from error
    update_all(templates(), [lang])
    return po_path(lang, APP_DOMAIN).parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.course.authoring.catalogues",
                                     description="Extract, update, compile and check the "
                                                 "translations (gettext catalogues).")
    parser.add_argument("command", choices=["all", "extract", "update", "compile", "check",
                                            "sentences", "add"])
    parser.add_argument("lang", nargs="?", help="the language tag for `add`, e.g. fr")
    args = parser.parse_args(argv)
    if args.command == "add":
        if not args.lang:
            parser.error("add needs a language tag, e.g. `add fr`")
        try:
            folder = add_language(args.lang)
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        print(f"created {folder}: translate its .po files and run `make i18n`; it ships "
              f"with its grammar, {folder.parent / i18n.GRAMMAR} (docs/translating.md)")
        return 0
    if args.command in ("all", "extract", "update"):
        fresh = extract()
        if args.command != "extract":
            for line in update_all(fresh):
                print(line)
    if args.command in ("all", "compile"):
        compile_all()
    if args.command in ("all", "check"):
        reports = check_all()
        for report in reports:
            for line in report.lines():
                print(line)
        shipped_clean = all(r.clean for r in reports
                            if r.lang in i18n.shipped_languages()
                            and r.domain == APP_DOMAIN)
        if not shipped_clean:
            return 1
    if args.command in ("all", "sentences"):
        return 0 if read_sentences() else 1
    return 0


def read_sentences() -> bool:
    """Render every message the course and the app can show, in English and every
    shipped language, and say how many slips each has (course/authoring/sentences.py); True when
    there are none. A shipped language whose grammar file lacks a table, and a language
    whose app catalogue is complete but has no grammar file, are refused (False, the
    file and the tables named): their slips would go unread."""
    from tutorial_app.config import lessons_folder
    from tutorial_app.course.authoring import sentences

    clean = True
    shipped = i18n.shipped_languages()
    for lang in [i18n.DEFAULT_LANGUAGE, *shipped]:
        try:
            sentences.grammar(lang)
        except sentences.GrammarMissing as missing:
            print(f"refused: {missing}")
            clean = False
    for lang in languages():
        if lang in shipped:
            continue
        if i18n.app_complete(lang):
            print(f"refused: {lang}: its app catalogue is complete, but it has no grammar "
                  f"file {sentences.grammar_path(lang)}; write it to ship the language "
                  f"(docs/translating.md, \"Adding a language\")")
            clean = False
        else:
            print(f"{lang}: not shipped (no grammar file, app catalogue incomplete): not "
                  f"offered to learners, not read")
    if not clean:
        return False
    reports = sentences.check_all(lessons_folder(), [i18n.DEFAULT_LANGUAGE, *shipped])
    for report in reports.values():
        print(report.line())
        for kind, (where, text) in report.examples.items():
            print(f"  {kind}: {where}: {text[:200]}")
        clean = clean and report.clean
    return clean


if __name__ == "__main__":
    sys.exit(main())
