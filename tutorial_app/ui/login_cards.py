"""Printable login cards: one per class learner, nine to an A4 page.

Each card says the learner's name, the class and its code, the learner's two secret
pictures (with their words, for a device without colour emoji), and a QR code of the
card's sign-in link (`/?card=KEY`, services/pictures.py), which a phone's camera
opens to sign that learner in. The same HTML is drawn on the page (printed from the
browser: the menu and the page's other parts are left off the paper) and offered as
a file of its own. Every text in it is escaped: a name is what someone typed.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Final

import segno

from tutorial_app.course.i18n import t
from tutorial_app.services import pictures
from tutorial_app.services.classes import SchoolClass
from tutorial_app.services.pictures import Secret
from tutorial_app.services.store import Learner

CSS: Final = """
<style>
.login-cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0;
  font-family: sans-serif; color: #111; }
.login-card { border: 1px dashed #888; padding: 10px 12px; min-height: 86mm;
  break-inside: avoid; page-break-inside: avoid; background: #fff; display: flex;
  flex-direction: column; align-items: center; text-align: center; gap: 4px; }
.login-card .name { font-size: 1.45rem; font-weight: 700; overflow-wrap: anywhere; }
.login-card .class { font-size: 0.95rem; }
.login-card .code { font-family: monospace; font-size: 1.25rem; letter-spacing: 0.12em;
  font-weight: 700; }
.login-card .pictures { font-size: 2.4rem; line-height: 1.1; }
.login-card .words { font-size: 0.95rem; }
.login-card .scan { font-size: 0.8rem; color: #333; }
.login-card img.qr { width: 34mm; height: 34mm; }
@media print {
  @page { size: A4; margin: 8mm; }
  [data-testid="stSidebar"], [data-testid="stHeader"], [data-testid="stToolbar"],
  [data-testid="stDecoration"], .st-key-cards-tools { display: none !important; }
  [data-testid="stMain"] { padding: 0 !important; }
  .login-card { min-height: 90mm; }
}
</style>
"""


def app_root(url: object, page: str = "cards") -> str:
    """The app's address without the page's path: what a card's link starts with."""
    root = str(url or "").split("?", 1)[0].split("#", 1)[0].rstrip("/")
    return root.removesuffix(f"/{page}")


def card_link(root: str, secret: Secret) -> str:
    return f"{root}/?card={secret.card_key}"


def qr_picture(link: str) -> str:
    """The QR code of a link as an image's address (the page draws HTML through a
    sanitiser that keeps images but not inline SVG)."""
    return str(segno.make(link, error="m").svg_data_uri(scale=3, border=2))


def _card(room: SchoolClass, learner: Learner, secret: Secret, root: str) -> str:
    qr = (f"<img class='qr' src='{qr_picture(card_link(root, secret))}' "
          f"alt='{html.escape(t('cards.qr_alt', name=learner.name), quote=True)}'>")
    first, second = secret.pictures
    words = t("cards.words", first=pictures.word(first), second=pictures.word(second))
    return (
        "<div class='login-card'>"
        f"<div class='name'>{html.escape(learner.name)}</div>"
        f"<div class='class'>{html.escape(t('cards.class_line', name=room.name))}</div>"
        f"<div class='code'>{html.escape(room.code)}</div>"
        f"<div class='pictures' aria-hidden='true'>{html.escape(pictures.emoji(first))} "
        f"{html.escape(pictures.emoji(second))}</div>"
        f"<div class='words'>{html.escape(words)}</div>"
        f"{qr}"
        f"<div class='scan'>{html.escape(t('cards.scan'))}</div>"
        "</div>")


def grid(room: SchoolClass, cards: Sequence[tuple[Learner, Secret]], root: str) -> str:
    """The cards as one block of HTML (with its CSS)."""
    return CSS + "<div class='login-cards'>" + "".join(
        _card(room, learner, secret, root) for learner, secret in cards) + "</div>"


def page(room: SchoolClass, cards: Sequence[tuple[Learner, Secret]], root: str) -> str:
    """A whole HTML file of the cards, to print from any browser."""
    title = html.escape(t("cards.file_title", name=room.name))
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>"
            f"</head><body>{grid(room, cards, root)}</body></html>")
