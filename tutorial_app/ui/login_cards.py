"""Printable login cards: one per class learner, nine to an A4 sheet.

Each card says the learner's name, the class and its code, the learner's two secret
pictures (with their words, for a device without colour emoji), a QR code of the
card's sign-in link (`/?card=KEY`), which a phone's camera
opens to sign that learner in, and the app's address in words ("192.168.1.20:8501"),
which a phone without a camera types before signing in with the code, the name and
the pictures. The link and the address are the ones the projector names
(flows/address.py: CASSINO_PUBLIC_URL, else worked out); the card key is never
printed in words, the QR code only carries it.

The cards come in sheets of nine (three rows of three, each card 90 mm high in print),
one sheet to a printed page whatever the browser; the same HTML is drawn on the page
(printed from the browser: the menu and the page's other parts are left off the paper)
and offered as a file of its own. Every text in it is escaped: a name is what someone
typed. What the cards say comes from the page's controller (flows/cards_page.py).
"""

from __future__ import annotations

import html
from typing import Final

import segno

from tutorial_app.flows.address import CARD, Address, page_link
from tutorial_app.flows.cards_page import ClassCards, LoginCard
from tutorial_app.words.i18n import t

CLASS: Final = "class"      # the Login cards page's parameters: the class,
LEARNER: Final = "learner"  # and one learner whose card alone is shown
PER_SHEET: Final = 9  # cards on one A4 sheet: docs/classroom.md and the README say so
LONG_NAME: Final = 16  # characters: a longer name is set smaller, on two lines at most

CSS: Final = """
<style>
.login-sheet { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0;
  font-family: sans-serif; color: #111; margin-bottom: 14px; }
.login-card { border: 1px dashed #888; padding: 8px 10px; background: #fff;
  box-sizing: border-box; break-inside: avoid; page-break-inside: avoid; display: flex;
  flex-direction: column; align-items: center; text-align: center; gap: 3px;
  line-height: 1.2; }
.login-card .name { font-size: 1.3rem; font-weight: 700; overflow-wrap: anywhere; }
.login-card .name.long { font-size: 1rem; }
.login-card .class { font-size: 0.9rem; display: flex; gap: 0.6em; align-items: baseline;
  justify-content: center; flex-wrap: wrap; }
.login-card .code { font-family: monospace; font-size: 1.1rem; letter-spacing: 0.12em;
  font-weight: 700; }
.login-card .pictures { font-size: 2rem; line-height: 1.1; }
.login-card .words { font-size: 0.85rem; }
.login-card img.qr { width: 30mm; height: 30mm; }
.login-card .scan, .login-card .type { font-size: 0.75rem; color: #222; }
.login-card .address { font-family: monospace; font-size: 0.95rem; font-weight: 700;
  color: #000; overflow-wrap: anywhere; }
@media print {
  @page { size: A4; margin: 8mm; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff; }
  [data-testid="stSidebar"], [data-testid="stHeader"], [data-testid="stToolbar"],
  [data-testid="stDecoration"], [data-testid="stBottom"], .st-key-cards-tools
    { display: none !important; }
  [data-testid="stAppViewContainer"], [data-testid="stMain"],
  [data-testid="stMainBlockContainer"] { padding: 0 !important; margin: 0 !important;
    max-width: none !important; overflow: visible !important; }
  .login-sheet { margin: 0; break-inside: avoid; page-break-inside: avoid; }
  .login-sheet + .login-sheet { break-before: page; page-break-before: always; }
  .login-card { height: 90mm; overflow: hidden; }
}
</style>
"""


def one(class_id: int, learner_id: int) -> str:
    """The Login cards page with one learner's card alone (from the teacher's page)."""
    return f"cards?{CLASS}={class_id}&{LEARNER}={learner_id}"


def card_link(root: str, card_key: str) -> str:
    """A card's sign-in link under the app's address `root` (as Address.card_link)."""
    return page_link(root, "", {CARD: card_key})


def qr_picture(link: str) -> str:
    """The QR code of a link as an image's address (the page draws HTML through a
    sanitiser that keeps images but not inline SVG)."""
    return str(segno.make(link, error="m").svg_data_uri(scale=3, border=2))


def _typing(where: Address) -> str:
    """The card's one sentence for a phone without a camera, the address in it set
    apart (bold, fixed width): one catalogue entry, escaped around the address."""
    marker = "\x00"
    before, _, after = t("cards.type", address=marker).partition(marker)
    return (f"{html.escape(before)}<span class='address'>{html.escape(where.typed)}</span>"
            f"{html.escape(after)}")


def _card(room: ClassCards, card: LoginCard, where: Address) -> str:
    qr = (f"<img class='qr' src='{qr_picture(where.card_link(card.card_key))}' "
          f"alt='{html.escape(t('cards.qr_alt', name=card.name), quote=True)}'>")
    words = t("cards.words", first=card.words[0], second=card.words[1])
    size = " long" if len(card.name) > LONG_NAME else ""
    return (
        f"<div class='login-card' data-learner='{card.learner_id}'>"
        f"<div class='name{size}'>{html.escape(card.name)}</div>"
        f"<div class='class'><span>{html.escape(t('cards.class_line', name=room.class_name))}"
        f"</span><span class='code'>{html.escape(room.code)}</span></div>"
        f"<div class='pictures' aria-hidden='true'>{html.escape(card.emojis[0])} "
        f"{html.escape(card.emojis[1])}</div>"
        f"<div class='words'>{html.escape(words)}</div>"
        f"{qr}"
        f"<div class='scan'>{html.escape(t('cards.scan_here'))}</div>"
        f"<div class='type'>{_typing(where)}</div>"
        "</div>")


def grid(room: ClassCards, where: Address) -> str:
    """The cards as one block of HTML (with its CSS): sheets of `PER_SHEET`."""
    cards = room.cards
    sheets = [cards[i:i + PER_SHEET] for i in range(0, len(cards), PER_SHEET)]
    return CSS + "<div class='login-cards'>" + "".join(
        "<div class='login-sheet'>" + "".join(
            _card(room, card, where) for card in sheet) + "</div>"
        for sheet in sheets) + "</div>"


def page(room: ClassCards, where: Address) -> str:
    """A whole HTML file of the cards, to print from any browser."""
    title = html.escape(t("cards.file_title", name=room.class_name))
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>"
            f"</head><body>{grid(room, where)}</body></html>")
