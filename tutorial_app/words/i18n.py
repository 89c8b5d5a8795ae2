"""The one lookup for every learner-facing string, in the language of the current run.

Code never writes English sentences directly: it asks `t(key, **values)`.
English lives in the Python catalogues (every `words/messages_*.py` module,
found by name; the engine's own templates); every other language is a folder of gettext
catalogues, `locales/<lang>/LC_MESSAGES/messages.po` (the app, the judge, the
advice) and `lessons.po` (lesson and puzzle texts, keyed by their stable ids).
`make i18n` writes and updates them (`tutorial_app.course.authoring.catalogues`).

Each `.po` entry is keyed by `msgctxt` (the message key) and keeps as `msgid`
the English text it translates. When the English text changes, the
translation is stale: the lookup shows English instead (and the catalogue
check reports it), so a learner never reads an outdated sentence. A
translation whose `{fields}` differ from the English's is not used either,
so a translator's slip cannot crash a page.

The language is per run, never per process: a `ContextVar` that the app sets
at the start of every script run from the learner's session (two learners on
one server in two languages never see each other's). Code outside the app
(the CLI, tests) uses `using(lang)` or `set_language`.
"""

from __future__ import annotations

import contextvars
import functools
import gettext
import importlib
import logging
import pkgutil
import string
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

DEFAULT_LANGUAGE = "en"
LOCALES = Path(__file__).with_name("locales")
APP_DOMAIN = "messages"
LESSON_DOMAIN = "lessons"
GRAMMAR = "grammar.toml"
"""A language's grammar for the sentence check (`course/authoring/sentences.py`), beside its
catalogues: `locales/<lang>/grammar.toml`. Having one is what ships a language."""

def english_modules() -> tuple[str, ...]:
    """The English catalogue's modules: every `words/messages_<subject>.py`, found by
    its name, so a new subject (a step kind's sentences, a page's) is one new file and
    no edit here. The order is the one the translators' files list the entries in:
    these three as they always came, then any other by name."""
    first = {"messages_en": 0, "messages_app": 1, "messages_practice": 2}
    names = sorted((info.name for info in pkgutil.iter_modules([str(Path(__file__).parent)])
                    if info.name.startswith("messages_")),
                   key=lambda name: (first.get(name, len(first)), name))
    return tuple(f"{__package__}.{name}" for name in names)


def _english_catalogue() -> dict[str, str]:
    """Every module's `MESSAGES` in one lookup; a key two modules define is a mistake
    (which English would win is an accident of order), so it stops the app loading."""
    found: dict[str, str] = {}
    where: dict[str, str] = {}
    for name in english_modules():
        messages: Mapping[str, str] = importlib.import_module(name).MESSAGES
        for key, text in messages.items():
            if key in where:
                raise ValueError(f"{key!r} is in both {where[key]} and {name}")
            found[key], where[key] = text, name
    return found


_english: dict[str, str] = _english_catalogue()
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("cassino_language",
                                                                      default=None)
_resolver: Callable[[], str | None] | None = None
_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class Entry:
    """One translated message: the English it was made from, and its text(s)."""

    source: str | None  # None: added at run time, taken as made from today's English
    text: str
    plurals: tuple[str, ...] = ()
    fuzzy: bool = False


@dataclass(slots=True)
class Language:
    """One language's catalogues, read once per process."""

    tag: str
    messages: dict[str, Entry] = field(default_factory=dict)
    lessons: dict[str, Entry] = field(default_factory=dict)
    plural: Callable[[int], int] = lambda n: 0 if n == 1 else 1
    made: bool = False  # added at run time (`add_messages`), not read from a folder
    complete: bool | None = None  # every template entry translated (`app_complete`)


_languages: dict[str, Language] = {}

# Plural rules where the project's usage differs from Babel's (CLDR) data: CLDR counts
# 0 with 1 in Portuguese ("0 carta"), but a Brazilian learner reads "0 cartas".
PLURAL_RULES: dict[str, tuple[int, str]] = {"pt-BR": (2, "(n != 1)")}


def folder_name(tag: str) -> str:
    """'pt-BR' -> 'pt_BR': the gettext folder name of a language tag."""
    return tag.replace("-", "_")


def tag_of(folder: str) -> str:
    return folder.replace("_", "-")


def english() -> Mapping[str, str]:
    """The English catalogue (the source of truth for every other language)."""
    return _english


def available_languages() -> list[str]:
    """English, every language folder under `locales/`, and any added at run time."""
    found = {DEFAULT_LANGUAGE, *_languages}
    if LOCALES.is_dir():
        found |= {tag_of(p.parent.parent.name)
                  for p in LOCALES.glob(f"*/LC_MESSAGES/{APP_DOMAIN}.po")}
    return sorted(found, key=lambda tag: (tag != DEFAULT_LANGUAGE, tag))


def shipped_languages() -> list[str]:
    """The languages the project ships, besides English: every folder under `locales/`
    with an app catalogue and a grammar file (`GRAMMAR`). The one list: the catalogue
    check holds each to a complete catalogue, the sentence check reads each with its
    grammar, the tests run on each, and the picker offers each whose app catalogue is
    complete (`offered_languages`)."""
    if not LOCALES.is_dir():
        return []
    return sorted(tag_of(po.parent.parent.name)
                  for po in LOCALES.glob(f"*/LC_MESSAGES/{APP_DOMAIN}.po")
                  if (po.parent.parent / GRAMMAR).is_file())


def offered_languages() -> list[str]:
    """What the picker, `?lang=` and the browser's language may choose: English, every
    shipped language whose app catalogue is complete, and languages made at run time
    (tests' pseudo-languages). A folder a translator has just started (`make i18n-add`)
    is not offered: a learner would read English pages under its name."""
    made = sorted(lang for lang, found in list(_languages.items()) if found.made)
    return [DEFAULT_LANGUAGE, *(lang for lang in shipped_languages() if app_complete(lang)),
            *(lang for lang in made if lang != DEFAULT_LANGUAGE)]


def app_complete(lang: str) -> bool:
    """Every entry of the app's template (`locales/messages.pot`, which `make i18n`
    writes; the English catalogue when there is none) has a translation in `lang`'s
    `messages.po`. A stale one counts: it falls back to English sentence by sentence
    (and `make i18n` reports it), so editing an English sentence does not withdraw a
    shipped language. A new English key does, from the moment `make i18n` extracts it
    until it is translated (the catalogue check and the tests fail meanwhile)."""
    found = _catalogue(lang)
    if found is None:
        return False
    if found.complete is None:
        found.complete = all(
            (entry := found.messages.get(key)) is not None and entry.text
            and all(entry.plurals or (entry.text,)) for key in _template_keys())
    return found.complete


def _template_keys() -> list[str]:
    """The app template's keys (`msgctxt`), read again when the file changes."""
    path = LOCALES / f"{APP_DOMAIN}.pot"
    stamp = path.stat().st_mtime_ns if path.exists() else None
    return _read_template(path, stamp)


@functools.lru_cache(maxsize=4)
def _read_template(path: Path, stamp: int | None) -> list[str]:
    if stamp is None:
        plural = {key[:-len(".one")] for key in _english if key.startswith("count.")
                  and key.endswith(".one") and f"{key[:-len('.one')]}.other" in _english}
        return [key for key in _english if key.rsplit(".", 1)[0] not in plural] + sorted(plural)
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        return [str(m.context) for m in read_po(handle) if m.id and m.context]


def supported(tag: str | None) -> str | None:
    """The offered language a tag or browser locale names ('pt-br', 'pt_BR', 'it-IT'
    -> 'it'), or None (`offered_languages`)."""
    if not tag:
        return None
    wanted = tag.strip().replace("_", "-").lower()
    languages = offered_languages()
    for lang in languages:
        if lang.lower() == wanted:
            return lang
    base = wanted.split("-")[0]
    for lang in languages:
        if lang.lower().split("-")[0] == base:
            return lang
    return None


def language() -> str:
    """The language of the current run: the one set for this context, else the one the
    app's resolver finds in the session (a Streamlit fragment rerun does not run the
    script's top, so it asks the session), else English."""
    found = _current.get()
    if found is None and _resolver is not None:
        found = _resolver()
    return found or DEFAULT_LANGUAGE


def set_resolver(resolver: Callable[[], str | None] | None) -> None:
    """Let the app say where a run finds its session's language (`ui/language.py`)."""
    global _resolver
    _resolver = resolver


def set_language(lang: str) -> None:
    """Use `lang` for the rest of this run (this thread or task); unknown -> English."""
    _current.set(lang if lang == DEFAULT_LANGUAGE or _catalogue(lang) else DEFAULT_LANGUAGE)


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Use `lang` inside the block, then the language before it."""
    token = _current.set(lang if lang == DEFAULT_LANGUAGE or _catalogue(lang)
                         else DEFAULT_LANGUAGE)
    try:
        yield
    finally:
        _current.reset(token)


def add_messages(lang: str, messages: Mapping[str, str]) -> None:
    """Add or override translations for a language (tests, a language made at run time);
    each is taken as made from the current English text."""
    found = _catalogue(lang, create=True)
    assert found is not None
    for key, text in messages.items():
        target = found.messages if key in _english else found.lessons
        target[key] = Entry(None, text)


def forget(lang: str) -> None:
    """Drop a language read from files (tests that write catalogues)."""
    with _lock:
        _languages.pop(lang, None)


def _catalogue(lang: str, create: bool = False) -> Language | None:
    if lang == DEFAULT_LANGUAGE and not create:
        return None
    with _lock:
        found = _languages.get(lang)
        if found is None:
            found = _read(lang)
            if found is None and create:
                found = Language(lang, made=True)
            if found is not None:
                _languages[lang] = found
        return found


def _read(lang: str) -> Language | None:
    folder = LOCALES / folder_name(lang) / "LC_MESSAGES"
    path = folder / f"{APP_DOMAIN}.po"
    if not path.exists():
        return None
    from babel.messages.pofile import read_po  # only when a translated language is used

    language = Language(lang)
    for domain, target in ((APP_DOMAIN, language.messages), (LESSON_DOMAIN, language.lessons)):
        file = folder / f"{domain}.po"
        if not file.exists():
            continue
        with file.open("rb") as handle:
            catalogue = read_po(handle)
        if domain == APP_DOMAIN and catalogue.plural_expr:
            rule = PLURAL_RULES.get(lang, (0, catalogue.plural_expr))[1]
            language.plural = gettext.c2py(rule)
        for message in catalogue:
            if not message.id or not message.context:
                continue
            if isinstance(message.id, tuple):
                texts = tuple(str(s) for s in message.string) if message.string else ()
                target[message.context] = Entry(str(message.id[0]), texts[0] if texts else "",
                                                texts, message.fuzzy)
            else:
                target[message.context] = Entry(str(message.id), str(message.string or ""),
                                                (), message.fuzzy)
    return language


def fields(text: str) -> set[str]:
    """The `{names}` a text fills in."""
    return set(_fields(text))


@functools.lru_cache(maxsize=8192)
def _fields(text: str) -> frozenset[str]:
    """`fields`, kept: every lookup of a translation asks it of the entry and its
    English (`usable`), hundreds of thousands of times in the sentence check."""
    try:
        return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)
    except ValueError:
        return frozenset({"<bad braces>"})


def usable(entry: Entry | None, source: str | None) -> bool:
    """A translation is used only when done, made from today's English, with its fields."""
    if entry is None or entry.fuzzy or not entry.text or source is None:
        return False
    if entry.source is not None and entry.source != source:
        return False
    return all(_fields(text) == _fields(source) for text in (entry.text, *entry.plurals))


def lookup(key: str) -> str | None:
    """The text for a key in the current language, else English, else None."""
    source = _english.get(key)
    lang = language()
    if lang != DEFAULT_LANGUAGE:
        found = _catalogue(lang)
        if found is not None:
            entry = found.messages.get(key)
            if usable(entry, source):
                assert entry is not None
                return entry.text
    return source


def t(key: str, /, **values: object) -> str:
    """The learner-facing text for `key`, with `{name}` fields filled from `values`.

    An unknown key returns the key itself, so a missing string shows up on the
    screen (and in the catalogue test) instead of crashing a lesson.
    """
    template = lookup(key)
    if template is None:
        return key
    if not values:
        return template
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        log.warning("message %s cannot be filled with %s", key, sorted(values))
        return template


def lesson_text(key: str, fallback: str) -> str:
    """A lesson's own text: its translation under a stable key, else what the file says
    (also when the translation was made from an older English text: it is stale)."""
    recorder = _recorder.get()
    if recorder is not None:
        recorder[key] = fallback
    lang = language()
    if lang == DEFAULT_LANGUAGE:
        return fallback
    found = _catalogue(lang)
    if found is None:
        return fallback
    entry = found.lessons.get(key)
    if entry is None or entry.fuzzy or not entry.text:
        return fallback
    if entry.source is not None and entry.source != fallback:
        return fallback
    return entry.text


_recorder: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar(
    "cassino_lesson_recorder", default=None)


@contextmanager
def recording_lesson_texts() -> Iterator[dict[str, str]]:
    """Collect every lesson text read inside the block (key -> English), for extraction."""
    found: dict[str, str] = {}
    token = _recorder.set(found)
    try:
        yield found
    finally:
        _recorder.reset(token)


def join_and(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the current language."""
    return _join(items, t("list.and"))


def join_or(items: Sequence[str]) -> str:
    return _join(items, t("list.or"))


def _join(items: Sequence[str], last: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return t("list.comma").join(items[:-1]) + last + items[-1]


def count(n: int, noun: str, /, **values: object) -> str:
    """'1 card', '3 cards': the language's plural form of `count.<noun>`. A whole
    sentence with a number is such an entry too (its other `{fields}` in `values`), so
    each language words it with as many forms as its plural rule has (ngettext)."""
    key = f"count.{noun}"
    one, other = _english.get(f"{key}.one"), _english.get(f"{key}.other")
    lang = language()
    if lang != DEFAULT_LANGUAGE and one is not None and other is not None:
        found = _catalogue(lang)
        entry = found.messages.get(key) if found else None
        if found is not None and entry is not None and usable(entry, one) and entry.plurals:
            index = min(found.plural(n), len(entry.plurals) - 1)
            try:
                return entry.plurals[index].format(n=n, **values)
            except (KeyError, IndexError, ValueError):
                log.warning("message %s cannot be filled with %s", key, sorted(values))
        if found is not None and f"{key}.one" in found.messages:  # added at run time
            return t(f"{key}.{'one' if n == 1 else 'other'}", n=n, **values)
    return t(f"{key}.{'one' if n == 1 else 'other'}", n=n, **values)


def number(value: float, digits: int = 1, signed: bool = False) -> str:
    """A decimal number as the language writes it ('+1.5' in English, '+1,5' in Portuguese)."""
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    return text.replace(".", t("number.decimal"))


def display_name(lang: str) -> str:
    """The language's own name for itself ('Português (Brasil)'), from Babel's data."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(folder_name(lang)).get_display_name(folder_name(lang)) or lang
    except (ValueError, LookupError, UnknownLocaleError):
        return lang
    return name[:1].upper() + name[1:]
