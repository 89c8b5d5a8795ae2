"""Playing cards as SVG, drawn by the app itself (no external assets, no network).

Everything here is plain Python with no Streamlit import. A card is a 100x140
SVG (the 2.5 x 3.5 inch poker-card ratio): rank and suit in two corners, the
pips of a number card in their traditional layout, a framed letter for a
court card. Suits are drawn as paths, so nothing depends on fonts having the
suit symbols. Two colour schemes: the usual red and black, and a four-colour
deck (spades black, hearts red, diamonds blue, clubs green) that makes suits
easier to tell apart at a glance.

Builds are drawn as a fanned pile with their value, single or multiple, and
controller; captured piles and the stock as face-down stacks with a count.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from functools import lru_cache
from html import escape
from typing import Final

from engine import Build, Card
from tutorial_app.words import words
from tutorial_app.words.i18n import DEFAULT_LANGUAGE, language, t
from tutorial_app.words.i18n import count as count_of

WIDTH: Final = 100
HEIGHT: Final = 140

TWO_COLOURS: Final = {"s": "#1b1b1f", "h": "#c8102e", "d": "#c8102e", "c": "#1b1b1f"}
FOUR_COLOURS: Final = {"s": "#1b1b1f", "h": "#c8102e", "d": "#1d5fc4", "c": "#1e7b34"}

# Suit shapes in a 100x100 box centred on (50, 50).
_SUIT_SHAPES: Final = {
    "h": '<path d="M50 92C22 68 4 52 6 31 8 14 22 6 34 8 42 9 47 15 50 22 53 15 58 9 66 8 '
         '78 6 92 14 94 31 96 52 78 68 50 92Z"/>',
    "d": '<path d="M50 4 86 50 50 96 14 50Z"/>',
    "s": '<path d="M50 4C64 24 94 38 94 62 94 76 84 84 72 84 64 84 58 80 54 74 55 84 60 91 '
         '70 96H30C40 91 45 84 46 74 42 80 36 84 28 84 16 84 6 76 6 62 6 38 36 24 50 4Z"/>',
    "c": '<circle cx="50" cy="28" r="21"/><circle cx="27" cy="60" r="21"/>'
         '<circle cx="73" cy="60" r="21"/>'
         '<path d="M46 50C46 72 42 86 30 96H70C58 86 54 72 54 50Z"/>',
}

# Pip centres for the number cards, on the 100x140 card.
_L, _C, _R = 31, 50, 69
_PIPS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    1: ((_C, 70),),
    2: ((_C, 30), (_C, 110)),
    3: ((_C, 30), (_C, 70), (_C, 110)),
    4: ((_L, 30), (_R, 30), (_L, 110), (_R, 110)),
    5: ((_L, 30), (_R, 30), (_C, 70), (_L, 110), (_R, 110)),
    6: ((_L, 30), (_R, 30), (_L, 70), (_R, 70), (_L, 110), (_R, 110)),
    7: ((_L, 30), (_R, 30), (_C, 50), (_L, 70), (_R, 70), (_L, 110), (_R, 110)),
    8: ((_L, 30), (_R, 30), (_C, 50), (_L, 70), (_R, 70), (_C, 90), (_L, 110), (_R, 110)),
    9: ((_L, 30), (_R, 30), (_L, 57), (_R, 57), (_C, 70), (_L, 83), (_R, 83), (_L, 110),
        (_R, 110)),
    10: ((_L, 30), (_R, 30), (_C, 44), (_L, 57), (_R, 57), (_L, 83), (_R, 83), (_C, 96),
         (_L, 110), (_R, 110)),
}

_FONT: Final = "Georgia,'DejaVu Serif','Times New Roman',serif"
_SANS: Final = "'DejaVu Sans',Arial,Helvetica,sans-serif"


def card_name(card: Card) -> str:
    """Words for a card, e.g. ``ace of spades``: the label screen readers announce, in
    the learner's language ("o ás de espadas")."""
    return card.name if language() == DEFAULT_LANGUAGE else words.card_name(card)


def colours(four_colour: bool) -> dict[str, str]:
    return FOUR_COLOURS if four_colour else TWO_COLOURS


def _suit(suit: str, x: float, y: float, size: float, colour: str, flip: bool = False) -> str:
    """One suit symbol of the given size centred on (x, y)."""
    scale = size / 100
    rotate = f" rotate(180 {x:g} {y:g})" if flip else ""
    return (f'<g fill="{colour}" transform="{rotate.strip()} translate({x - size / 2:g} '
            f'{y - size / 2:g}) scale({scale:g})">{_SUIT_SHAPES[suit]}</g>')


def suit_mark(suit: str, x: float, y: float, size: float, four_colour: bool = False) -> str:
    """A suit's symbol alone, in its colour, centred on (x, y): the pictures that name
    the suits (ui/figures.py) draw them as the cards do."""
    return _suit(suit, x, y, size, colours(four_colour)[suit])


def _corner(card: Card, colour: str) -> str:
    rank = card.rank_text
    size = 17 if rank == "10" else 19
    spacing = ' letter-spacing="-1.5"' if rank == "10" else ""
    index = (f'<text x="12" y="22" font-family="{_FONT}" font-weight="700" font-size="{size}" '
             f'text-anchor="middle" fill="{colour}"{spacing}>{rank}</text>'
             + _suit(card.suit, 12, 32, 12, colour))
    return f"<g>{index}</g><g transform=\"rotate(180 50 70)\">{index}</g>"


def _pips(card: Card, colour: str) -> str:
    if card.rank == 1:
        return _suit(card.suit, 50, 70, 46, colour)
    size = 19 if card.rank < 9 else 17
    return "".join(_suit(card.suit, x, y, size, colour, flip=y > 70)
                   for x, y in _PIPS[card.rank])


def _court(card: Card, colour: str) -> str:
    """A framed panel with the rank letter, a crown-ish mark and suit symbols."""
    letter = card.rank_text
    crown = {
        "K": "M36 36 42 26 50 34 58 26 64 36Z",
        "Q": "M38 36C40 28 46 26 50 30 54 26 60 28 62 36Z",
        "J": "M40 36 50 27 60 36Z",
    }[letter]
    return (f'<rect x="22" y="20" width="56" height="100" rx="5" fill="{colour}" '
            'fill-opacity="0.08" stroke="' + colour + '" stroke-width="1.6"/>'
            f'<path d="{crown}" fill="#e0b43a" stroke="{colour}" stroke-width="1"/>'
            f'<text x="50" y="84" font-family="{_FONT}" font-weight="700" font-size="44" '
            f'text-anchor="middle" fill="{colour}">{letter}</text>'
            + _suit(card.suit, 50, 104, 16, colour))


def card_body(card: Card, four_colour: bool = False) -> str:
    """The inside of a card's SVG (no <svg> wrapper), for composing piles."""
    colour = colours(four_colour)[card.suit]
    face = _court(card, colour) if card.is_court else _pips(card, colour)
    return ('<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf8" stroke="#8a8f98" '
            'stroke-width="1.5"/>' + _corner(card, colour) + face)


def back_body() -> str:
    """A face-down card: a deep blue back with a lattice."""
    lattice = "".join(
        f'<path d="M{x} 8 L{x + 60} 132" stroke="#6d8fd6" stroke-width="1.2"/>'
        f'<path d="M{x + 60} 8 L{x} 132" stroke="#6d8fd6" stroke-width="1.2"/>'
        for x in range(-40, 100, 14)
    )
    return ('<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#8a8f98" '
            'stroke-width="1.5"/><clipPath id="b"><rect x="8" y="8" width="84" height="124" '
            'rx="5"/></clipPath><rect x="8" y="8" width="84" height="124" rx="5" '
            f'fill="#23408e"/><g clip-path="url(#b)">{lattice}</g>')


def _svg(body: str, width: float, height: float, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
            f'width="{width:g}" height="{height:g}" role="img" aria-label="{escape(label)}">'
            f"<title>{escape(label)}</title>{body}</svg>")


def card_svg(card: Card, four_colour: bool = False) -> str:
    """A complete SVG document for one card face, labelled in the learner's language."""
    return _card_svg(card, four_colour, card_name(card))


@lru_cache(maxsize=1024)
def _card_svg(card: Card, four_colour: bool, label: str) -> str:
    return _svg(card_body(card, four_colour), WIDTH, HEIGHT, label)


def back_svg() -> str:
    return _back_svg(t("board.face_down"))


@lru_cache(maxsize=8)
def _back_svg(label: str) -> str:
    return _svg(back_body(), WIDTH, HEIGHT, label)


FAN: Final = 24  # horizontal step between the cards of a pile


def build_label(build: Build, you: int | None = 0, players: int = 2) -> str:
    """Words for a build, for screen readers and captions."""
    cards = ", ".join(card.pretty for card in build.cards)
    # one whole entry per kind of build and controller (board.build_label.single.you,
    # ...): "single" and "controlled by ..." agree with the build in the translation
    kind = build.kind.value
    if you is None:
        return t(f"board.build_label.{kind}.seat", value=build.value, cards=cards,
                 seat=build.controller + 1)  # "Player 1" is seat 0, as the Sandbox says
    return t(f"board.build_label.{kind}.{_who(build, you, players)}", value=build.value,
             cards=cards)


def _who(build: Build, you: int, players: int) -> str:
    if build.controller == you:
        return "you"
    if players == 4 and build.controller == (you + 2) % 4:
        return "partner"
    return "opponent"


def controller_text(build: Build, you: int | None = 0, players: int = 2) -> str:
    """Who controls the build, as the learner reads it: "You", "Partner" (across the
    table with four players), "Opponent"; in the sandbox (`you` None) its player,
    numbered from 1."""
    if you is None:
        return t("board.controller_seat", seat=build.controller + 1)  # "Player 1": seat 0
    return t(f"board.controller_{_who(build, you, players)}")


def build_svg(build: Build, four_colour: bool = False, you: int | None = 0,
              players: int = 2) -> str:
    """A build as a fanned pile with a value badge, its kind and its controller, in the
    learner's language."""
    return _build_svg(build, four_colour, you, players, language())


@lru_cache(maxsize=256)
def _build_svg(build: Build, four_colour: bool, you: int | None, players: int,
               lang: str) -> str:
    n = len(build.cards)
    width = WIDTH + FAN * (n - 1) + 8
    height = HEIGHT + 34
    parts = [
        f'<g transform="translate({i * FAN + 4} 4)">{card_body(card, four_colour)}</g>'
        for i, card in enumerate(build.cards)
    ]
    badge_x = width - 22
    multiple = build.is_multiple
    ribbon = "#7a3db8" if multiple else "#1f7a5a"
    kind = t("sandbox.effect.multiple" if multiple else "sandbox.effect.single")
    ribbon_text = f"{kind} · {controller_text(build, you, players)}"
    parts.append(
        f'<circle cx="{badge_x}" cy="24" r="19" fill="#f2c94c" stroke="#8a6d0b" stroke-width="2"/>'
        f'<text x="{badge_x}" y="32" font-family="{_SANS}" font-weight="700" font-size="22" '
        f'text-anchor="middle" fill="#1b1b1f">{build.value}</text>'
        f'<rect x="2" y="{HEIGHT + 9}" width="{width - 4}" height="23" rx="11" fill="{ribbon}"/>'
        f'<text x="{width / 2:g}" y="{HEIGHT + 25}" font-family="{_SANS}" font-size="13" '
        f'font-weight="700" text-anchor="middle" fill="#fff"{_fit(ribbon_text, width - 14, 7.8)}>'
        f"{escape(ribbon_text)}</text>"
    )
    return _svg("".join(parts), width, height, build_label(build, you, players))


def stack_svg(count: int, caption: str) -> str:
    """A face-down stack (a captured pile, the stock) with its count."""
    return _stack_svg(count, caption, t("board.stack", caption=caption,
                                        count=count_of(count, "card")))


@lru_cache(maxsize=64)
def _stack_svg(count: int, caption: str, label: str) -> str:
    layers = min(max(count, 1), 6)
    lines = _caption_lines(caption)
    width, height = WIDTH + 12, HEIGHT + 24 + 16 * len(lines)
    parts = []
    for i in range(layers):
        offset = (layers - 1 - i) * 2
        body = back_body() if count else (
            '<rect x="1" y="1" width="98" height="138" rx="8" fill="none" stroke="#8a8f98" '
            'stroke-width="2" stroke-dasharray="6 5"/>')
        parts.append(f'<g transform="translate({offset + 2} {offset + 2})">{body}</g>')
    parts.append(
        f'<circle cx="{WIDTH / 2 + 6:g}" cy="{HEIGHT / 2 + 6:g}" r="22" fill="#fff" '
        'stroke="#23408e" stroke-width="3"/>'
        f'<text x="{WIDTH / 2 + 6:g}" y="{HEIGHT / 2 + 14:g}" font-family="{_SANS}" '
        f'font-weight="700" font-size="22" text-anchor="middle" fill="#23408e">{count}</text>'
    )
    for row, line in enumerate(lines):
        fit = (f' textLength="{width - 6}" lengthAdjust="spacingAndGlyphs"'
               if len(line) * _CHAR_WIDTH > width - 6 else "")
        parts.append(f'<text x="{width / 2:g}" y="{HEIGHT + 30 + 16 * row}" '
                     f'font-family="{_SANS}" font-size="14" text-anchor="middle" fill="#333"'
                     f'{fit}>{escape(line)}</text>')
    return _svg("".join(parts), width, height, label)


_CHAR_WIDTH: Final = 7.4  # an average character of the 14 px sans caption


def _fit(text: str, room: float, char_width: float = _CHAR_WIDTH) -> str:
    """SVG attributes that squeeze a line wider than `room` into it (a translated
    "Multiple · Opponent" is longer than the English), or nothing."""
    if len(text) * char_width <= room:
        return ""
    return f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"'

def _caption_lines(caption: str) -> list[str]:
    """A caption on one line, or two split at the space nearest the middle: a long one
    ("Cartas capturadas pelo computador") is never cut at the stack's edges; a line
    still too wide is squeezed to fit (textLength)."""
    if len(caption) * _CHAR_WIDTH <= WIDTH + 6 or " " not in caption:
        return [caption]
    middle = len(caption) / 2
    cut = min((i for i, char in enumerate(caption) if char == " "),
              key=lambda i: abs(i - middle))
    return [caption[:cut], caption[cut + 1:]]


@lru_cache(maxsize=1024)
def data_uri(svg: str) -> str:
    """The SVG as a data: URI, for CSS backgrounds and <img> tags."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")


@lru_cache(maxsize=1024)
def img_tag(svg: str, alt: str, height: int, css_class: str = "ct-card") -> str:
    """An <img> showing an SVG, with alt text for screen readers (all text escaped)."""
    return (f'<img class="{escape(css_class)}" src="{data_uri(svg)}" alt="{escape(alt)}" '
            f'style="height:{int(height)}px" />')


def hand_fan_html(cards: Sequence[Card], height: int, four_colour: bool = False) -> str:
    """Static (non-clickable) cards side by side, as an HTML row."""
    images = "".join(img_tag(card_svg(c, four_colour), card_name(c), height) for c in cards)
    return f'<div class="ct-row">{images}</div>'
