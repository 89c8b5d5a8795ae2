"""The figures a read step shows under its text, and the seats above a deal step's
buttons: pictures drawn as SVG in the page's language (plain Python, no Streamlit).

- the pack: the four suits drawn and named, the number cards with their values (the
  ace worth 1), the court cards named and what they are worth under the lesson's rules;
- the layout of a game seen from the learner's seat: the other player's hand face
  down, the table (its loose cards), the learner's hand and pile, whose turn;
- the seats round the table for 2, 3 or 4 players (partners across with four): the
  dealer with the pack, each seat named with the deal step's own button words, the
  order of play (clockwise from the dealer's left), and the packets dealt so far drawn
  where they were placed.

Each figure is one <svg> with role="img", an aria-label and a <title> saying the
picture in words; the page shows it as an <img> of the SVG (`figure_img`) whose alt
text says the same, since `st.html` drops inline SVG (see ui/line_chart.py). The
viewBox is 400 wide, so on a 390 px phone the words stay near their drawn size.
Card faces and backs come from ui/card_svg.py.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Final

from engine import CLASSIC, Card, Rules
from tutorial_app.course.steps import deal as deal_kind
from tutorial_app.course.steps.deal import DealStep
from tutorial_app.course.steps.read import Figure
from tutorial_app.ui.card_svg import back_body, card_body, data_uri, suit_mark
from tutorial_app.words.i18n import language, t

WIDTH: Final = 400
MAX_WIDTH: Final = 440  # px on a wide screen: the figure grows with the page up to this
DEAL_WIDTH: Final = 400  # the deal's seats, smaller: its rows of buttons in view below
SANS: Final = "'DejaVu Sans',Arial,Helvetica,sans-serif"
INK: Final = "#1b1b1f"
SOFT: Final = "#4a5059"
FELT: Final = "#2e7d4f"
GOLD: Final = "#f2c94c"
BACK: Final = "#23408e"
CHAR: Final = 0.6  # an average character's width, in font sizes (DejaVu Sans is wide)
BOLD: Final = 0.68  # ... and a bold one's
FELT_H: Final = 172  # the table in the layout: its cards and their two-line labels

SUITS: Final = ("s", "h", "d", "c")


# ----- drawing helpers ------------------------------------------------------------


def wrap(text: str, room: float, size: float) -> list[str]:
    """The text in lines of at most `room` px at font `size` (estimated), cut at spaces;
    a word longer than a line keeps a line of its own, and a number or a short word is
    never left alone on the last line ("de 7", not "7")."""
    most = max(1, int(room / (size * CHAR)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 1 and len(lines[-1]) <= 3 and " " in lines[-2]:
        head, _, moved = lines[-2].rpartition(" ")
        lines[-2:] = [head, f"{moved} {lines[-1]}"]
    return lines or [""]


def _text(x: float, y: float, words: str, size: float = 14, *, bold: bool = False,
          anchor: str = "middle", fill: str = INK) -> str:
    weight = ' font-weight="700"' if bold else ""
    fit = ""
    if len(words) * size * CHAR > WIDTH - 8:  # a single word too long still fits the page
        fit = f' textLength="{WIDTH - 8}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x:g}" y="{y:g}" font-family="{SANS}" font-size="{size:g}"{weight} '
            f'text-anchor="{anchor}" fill="{fill}"{fit}>{escape(words)}</text>')


def _lines(x: float, y: float, words: str, room: float, size: float = 14, *,
           bold: bool = False, fill: str = INK, anchor: str = "middle") -> tuple[str, float]:
    """Wrapped text whose first baseline is at y; the SVG and the y below its last line."""
    lines = wrap(words, room, size)
    step = size * 1.25
    out = "".join(_text(x, y + i * step, line, size, bold=bold, fill=fill, anchor=anchor)
                  for i, line in enumerate(lines))
    return out, y + (len(lines) - 1) * step + size * 0.45


def _card(card: Card, x: float, y: float, scale: float, four: bool) -> str:
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{card_body(card, four)}</g>'


def _back(x: float, y: float, scale: float) -> str:
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{back_body()}</g>'


def _badge(x: float, y: float, words: str, fill: str = GOLD, size: float = 15) -> str:
    """A round badge with a number (a card's value, a seat's turn)."""
    radius = 13 if len(words) < 3 else 15
    return (f'<circle cx="{x:g}" cy="{y:g}" r="{radius}" fill="{fill}" stroke="#8a6d0b" '
            f'stroke-width="1.5"/>' + _text(x, y + size * 0.36, words, size, bold=True))


def _svg(body: str, height: float, label: str) -> str:
    """The whole figure: a white sheet (also on a dark page), labelled for screen
    readers in the page's language."""
    said = escape(label)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:g}" '
            f'width="100%" role="img" aria-label="{said}"><title>{said}</title>'
            f'<rect x="1" y="1" width="{WIDTH - 2}" height="{height - 2:g}" rx="12" '
            f'fill="#ffffff" stroke="#d9dde3" stroke-width="2"/>{body}</svg>')


# ----- the pack -------------------------------------------------------------------

_NUMBERS: Final = tuple(Card(rank, SUITS[(rank - 1) % 4]) for rank in range(1, 11))
_COURT_CARDS: Final = (Card(11, "d"), Card(12, "c"), Card(13, "h"))


def pack_label(rules: Rules = CLASSIC) -> str:
    return _pack_words(rules.royal)


def _pack_words(royal: bool) -> str:
    return t("figure.pack.label.royal" if royal else "figure.pack.label.classic")


def pack_svg(rules: Rules = CLASSIC, four_colour: bool = False) -> str:
    """The four suits drawn and named, the number cards with their values, the court
    cards named with their value under these rules (none in the classic game, 1.3)."""
    return _pack_svg(rules.royal, four_colour, language())


@lru_cache(maxsize=32)
def _pack_svg(royal: bool, four: bool, lang: str) -> str:
    parts = [_text(WIDTH / 2, 30, t("figure.pack.title"), 19, bold=True),
             _text(WIDTH / 2, 60, t("figure.pack.suits"), 15, bold=True, fill=SOFT)]
    for i, suit in enumerate(SUITS):
        x = 50 + 100 * i
        parts.append(f'<rect x="{x - 44}" y="72" width="88" height="98" rx="10" '
                     'fill="#f6f7f9" stroke="#d9dde3"/>')
        parts.append(suit_mark(suit, x, 111, 50, four))
        name = t(f"figure.pack.suit.{suit}")  # "Corazones", "Diamantes": a size that fits
        parts.append(_text(x, 158, name, min(15, 80 / (len(name) * BOLD)), bold=True))
    heading, y = _lines(WIDTH / 2, 204, t("figure.pack.numbers"), WIDTH - 24, 15, bold=True,
                        fill=SOFT)
    parts.append(heading)
    scale, top = 0.56, y + 14
    for row in range(2):
        for col in range(5):
            card = _NUMBERS[row * 5 + col]
            x = 48 + 76 * col
            if card.rank == 1:  # the ace, worth 1: said in words under it
                parts.append(f'<rect x="{x - 33}" y="{top - 5:g}" width="66" height="142" '
                             f'rx="8" fill="#fff6d6" stroke="{GOLD}" stroke-width="2"/>')
                parts.append(_text(x, top + 128, t("figure.pack.ace"), 13, bold=True))
            parts.append(_card(card, x - 28, top, scale, four))
            parts.append(_badge(x, top + 96, str(card.rank)))
        top += 150
    heading, y = _lines(WIDTH / 2, top + 14, t("figure.pack.courts.royal" if royal
                                               else "figure.pack.courts.classic"),
                        WIDTH - 24, 15, bold=True, fill=SOFT)
    parts.append(heading)
    top = y + 14
    for i, card in enumerate(_COURT_CARDS):
        x = 80 + 120 * i
        parts.append(_card(card, x - 28, top, scale, four))
        parts.append(_text(x, top + 102, t(f"figure.pack.court.{card.rank}"), 15, bold=True))
        if royal:
            parts.append(_badge(x, top + 126, str(card.rank)))
        else:
            word = t("figure.pack.no_value")
            half = max(34, len(word) * 13 * CHAR / 2 + 10)
            parts.append(f'<rect x="{x - half:g}" y="{top + 112:g}" width="{2 * half:g}" '
                         'height="24" rx="12" fill="#eceef1" stroke="#9aa0a8"/>'
                         + _text(x, top + 129, word, 13, fill=SOFT))
    height = top + 150
    return _svg("".join(parts), height, _pack_words(royal))


# ----- the layout of a game ---------------------------------------------------------

_LOOSE: Final = (Card(5, "h"), Card(9, "c"), Card(13, "d"), Card(3, "s"), Card(4, "d"))
_HAND: Final = (Card(7, "c"), Card(2, "d"), Card(10, "s"), Card(12, "h"))


def layout_label() -> str:
    return t("figure.layout.label")


def layout_svg(four_colour: bool = False) -> str:
    """A two-player game seen from the learner's seat, every part labelled."""
    return _layout_svg(four_colour, language())


@lru_cache(maxsize=16)
def _layout_svg(four: bool, lang: str) -> str:
    parts: list[str] = []
    words, y = _lines(WIDTH / 2, 24, t("figure.layout.other_hand"), WIDTH - 30, 14,
                      bold=True, fill=SOFT)
    parts.append(words)
    top = y + 10
    parts += [_back(122 + 40 * i, top, 0.4) for i in range(4)]
    felt = top + 70
    parts.append(f'<rect x="10" y="{felt:g}" width="380" height="{FELT_H}" rx="18" fill="{FELT}"/>')
    parts.append(_text(24, felt + 24, t("figure.layout.table"), 16, bold=True, anchor="start",
                       fill="#ffffff"))
    cards = felt + 38
    # only loose cards: the first screen of the course shows no build, taught stages later
    parts += [_card(card, 34 + 68 * i, cards, 0.5, four) for i, card in enumerate(_LOOSE)]
    parts.append(f'<path d="M34 {cards + 80:g}H{34 + 68 * len(_LOOSE) - 18:g}" '
                 'stroke="#ffffff" stroke-width="2"/>')
    words, _ = _lines(34 + (68 * len(_LOOSE) - 18) / 2, cards + 100, t("figure.layout.loose"),
                      300, 14, bold=True, fill="#ffffff")
    parts.append(words)
    hand = felt + FELT_H + 22
    turn = t("figure.layout.your_turn")
    pill = len(turn) * 14 * CHAR + 24
    parts.append(f'<rect x="10" y="{hand:g}" width="262" height="128" rx="12" fill="#fff6d6" '
                 f'stroke="{GOLD}" stroke-width="3"/>')
    parts.append(f'<rect x="22" y="{hand - 12:g}" width="{pill:g}" height="24" rx="12" '
                 f'fill="{GOLD}" stroke="#8a6d0b"/>'
                 + _text(22 + pill / 2, hand + 5, turn, 14, bold=True))
    parts.append(_text(141, hand + 30, t("figure.layout.your_hand"), 15, bold=True))
    parts += [_card(card, 18 + 62 * i, hand + 40, 0.56, four) for i, card in enumerate(_HAND)]
    for layer in range(3):
        parts.append(_back(304 + 3 * layer, hand + 4 + 3 * layer, 0.5))
    words, y = _lines(336, hand + 98, t("figure.layout.your_pile"), 110, 15, bold=True)
    parts.append(words)
    words, y = _lines(336, y + 16, t("figure.layout.pile_note"), 116, 12, fill=SOFT)
    parts.append(words)
    height = max(hand + 140, y + 12)
    return _svg("".join(parts), height, layout_label())


# ----- the seats ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Packet:
    """Cards dealt to one place: `first` to `last` from the top of the pack, and the
    place, a seat's number as text ("0" the dealer) or "table"."""

    place: str
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class _Seat:
    x: float  # the seat's round mark
    y: float
    room: float  # the width its name may take
    name_below: bool  # its name under the mark (else above)
    packets: tuple[float, float]  # where its packets start
    columns: int  # how many packets side by side
    up: bool = False  # a second row of packets above the first (beside the table)


_CX, _CY = 200, 212  # the table's middle
_BOTTOM: Final = _Seat(200, 364, 300, True, (0, 302), 4)
_TOP: Final = _Seat(200, 68, 300, False, (0, 92), 4)
_LEFT: Final = _Seat(60, 212, 112, True, (24, 142), 2, up=True)
_RIGHT: Final = _Seat(340, 212, 112, True, (304, 142), 2, up=True)
_PLACES: Final = {2: (_BOTTOM, _TOP), 3: (_BOTTOM, _LEFT, _RIGHT),
                  4: (_BOTTOM, _LEFT, _TOP, _RIGHT)}  # clockwise from the dealer
_TEAMS: Final = ("#7a3db8", "#1f7a5a")
CARD_W, CARD_H = 34, 40


def seats_label(players: int) -> str:
    return t(f"figure.seats.label.{players}")


def seats_svg(players: int, packets: Sequence[Packet] = ()) -> str:
    """The seats round the table for 2, 3 or 4 players, named as the deal step's
    buttons name them, with the packets dealt so far where they were placed."""
    return _seats_svg(players, tuple(packets), "", language())


def deal_packets(step: DealStep, picked: Sequence[str]) -> tuple[Packet, ...]:
    """The packets the learner has placed so far (their taps, right or wrong)."""
    return tuple(Packet(place, q.first, q.last)
                 for q, place in zip(step.questions, picked, strict=False)
                 if q.what == "packet")


def deal_label(step: DealStep, picked: Sequence[str]) -> str:
    """The seats in words, then each packet placed, in the words the step reveals."""
    said = [seats_label(step.players)]
    for question, place in zip(step.questions, picked, strict=False):
        if question.what == "packet":
            said.append(t("deal.revealed", question=deal_kind.question_label(question),
                          answer=deal_kind.place_label(step, place)))
    return " ".join(said)


def deal_svg(step: DealStep, picked: Sequence[str]) -> str:
    """The deal step's seats with the learner's packets drawn where they were tapped."""
    return _seats_svg(step.players, deal_packets(step, picked),
                      deal_label(step, picked), language())


def _packet(x: float, y: float, packet: Packet) -> str:
    """A packet as a small card: face down in a hand, face up on the table, with its
    cards' numbers from the top of the pack."""
    face_up = packet.place == deal_kind.TABLE
    fill, ink = ("#fffdf8", INK) if face_up else (BACK, "#ffffff")
    words = (str(packet.first) if packet.first == packet.last
             else f"{packet.first}\u2013{packet.last}")
    size = 10 if len(words) > 3 else 11
    return (f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="3" '
            f'fill="{fill}" stroke="#8a8f98" stroke-width="1.2"/>'
            + _text(x + CARD_W / 2, y + CARD_H / 2 + size * 0.36, words, size, bold=True,
                    fill=ink))


def _packets_at(seat: _Seat, packets: Sequence[Packet]) -> str:
    start_x, y = seat.packets
    columns = min(seat.columns, max(len(packets), 1))
    row_width = columns * (CARD_W + 4) - 4
    x0 = seat.x - row_width / 2 if seat.columns == 4 else start_x
    out = []
    for i, packet in enumerate(packets):
        col, row = i % seat.columns, i // seat.columns
        shift = -row if seat.up else row
        out.append(_packet(x0 + col * (CARD_W + 4), y + shift * (CARD_H + 4), packet))
    return "".join(out)


def _arrows() -> str:
    """Short arcs round the table at its four corners, pointing clockwise."""
    out = ['<defs><marker id="cw" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" '
           'markerHeight="5" orient="auto"><path d="M0 0L10 5L0 10Z" fill="#8a6d0b"/>'
           '</marker></defs>']
    rx, ry = 96, 86  # clear of the names beside the table (x under 112 and over 288)
    for start in (45, 135, 225, 315):  # degrees, screen y downwards: clockwise on screen
        a, b = math.radians(start - 12), math.radians(start + 12)
        x1, y1 = _CX + rx * math.cos(a), _CY + ry * math.sin(a)
        x2, y2 = _CX + rx * math.cos(b), _CY + ry * math.sin(b)
        out.append(f'<path d="M{x1:.1f} {y1:.1f}A{rx} {ry} 0 0 1 {x2:.1f} {y2:.1f}" '
                   'fill="none" stroke="#8a6d0b" stroke-width="3" marker-end="url(#cw)"/>')
    return "".join(out)


@lru_cache(maxsize=256)
def _seats_svg(players: int, packets: tuple[Packet, ...], label: str, lang: str) -> str:
    places = _PLACES[players]
    parts = [f'<ellipse cx="{_CX}" cy="{_CY}" rx="76" ry="66" fill="{FELT}"/>', _arrows()]
    words, _ = _lines(_CX, _CY - 36, t("deal.option.table"), 124, 12, bold=True,
                      fill="#ffffff")
    parts.append(words)
    on_table = [p for p in packets if p.place == deal_kind.TABLE]
    if on_table:
        width = len(on_table) * (CARD_W + 4) - 4
        parts += [_packet(_CX - width / 2 + i * (CARD_W + 4), _CY - 6, p)
                  for i, p in enumerate(on_table)]
    names = deal_kind.seat_names(players)
    first = 1 % players  # play starts on the dealer's left (2.4)
    bottom = 0.0
    for seat, place in enumerate(places):
        turn = (seat - first) % players + 1  # the order of play, the dealer last
        dealer = seat == deal_kind.DEALER
        ring = _TEAMS[seat % 2] if players == 4 else "#8a6d0b"
        parts.append(f'<circle cx="{place.x:g}" cy="{place.y:g}" r="19" '
                     f'fill="{GOLD if dealer else "#ffffff"}" stroke="{ring}" '
                     f'stroke-width="{4 if players == 4 else 2.5}"/>'
                     + _text(place.x, place.y + 6, str(turn), 17, bold=True))
        name = t(f"deal.seat.{names[seat]}")
        lines = wrap(name, place.room, 13)
        if place.name_below:
            words, end = _lines(place.x, place.y + 38, name, place.room, 13, bold=True)
        else:
            words, end = _lines(place.x, place.y - 28 - 16 * (len(lines) - 1), name,
                                place.room, 13, bold=True)
        parts.append(words)
        bottom = max(bottom, end)
        parts.append(_packets_at(place, [p for p in packets if p.place == str(seat)]))
        if dealer:  # the pack beside the dealer
            parts += [_back(place.x + 34 + 2 * k, place.y - 24 + 2 * k, 0.3) for k in range(3)]
            parts.append(_text(place.x + 74, place.y + 5, t("figure.seats.pack"), 12,
                               anchor="start", fill=SOFT))
    y = bottom + 26
    lift = 0 if players % 2 == 0 else 84  # no seat across: the picture starts lower
    if players == 4:
        parts += [f'<circle cx="{22 + 15 * i + 10 * (i // 2)}" cy="{y - 5:g}" r="6" fill="#ffffff" '
                  f'stroke="{_TEAMS[i // 2]}" stroke-width="4"/>' for i in range(4)]
        parts.append(_text(98, y, t("figure.seats.partners"), 13, anchor="start", fill=SOFT))
        y += 22
    words, y = _lines(WIDTH / 2, y, t(f"figure.seats.order.{players}"), WIDTH - 30, 13, fill=SOFT)
    parts.append(words)
    body = f'<g transform="translate(0 {-lift})">{"".join(parts)}</g>' if lift else "".join(parts)
    return _svg(body, y + 16 - lift, label or seats_label(players))


# ----- a read step's figure ----------------------------------------------------------


def figure_svg(figure: Figure, four_colour: bool = False) -> str:
    """A read step's figure, in the page's language."""
    if figure.name == "pack":
        return pack_svg(figure.rules, four_colour)
    if figure.name == "layout":
        return layout_svg(four_colour)
    return seats_svg(figure.players)


def figure_label(figure: Figure) -> str:
    """What the figure shows, in words (the alt text of its <img>)."""
    if figure.name == "pack":
        return pack_label(figure.rules)
    if figure.name == "layout":
        return layout_label()
    return seats_label(figure.players)


def figure_img(svg: str, alt: str, max_width: int = MAX_WIDTH) -> str:
    """The figure as an <img> the width of the page, up to `max_width` px (`st.html`
    drops inline SVG), said by its alt text."""
    return (f'<img class="ct-figure" src="{data_uri(svg)}" alt="{escape(alt)}" '
            f'style="width:100%;max-width:{max_width}px;height:auto;display:block;'
            f'margin:0.25rem 0 0.75rem">')


__all__ = ["Packet", "deal_label", "deal_packets", "deal_svg", "figure_img",
           "figure_label", "figure_svg", "layout_svg", "pack_svg", "seats_svg", "wrap"]
