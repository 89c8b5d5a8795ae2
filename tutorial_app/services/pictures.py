"""A class learner's secret: two pictures, and the key of their printed login card.

Young learners forget passwords, so a class learner proves who they are the way
Code.org's picture passwords and Clever's badges do: two pictures chosen by the app
(a dog and a moon), tapped in order on the sign-in form, or the QR code of a login
card the teacher prints, which carries a long random key. Each picture has a word
in the learner's language too (`picture.<id>` in the catalogue): the card shows both,
so a device without colour emoji still shows the secret.

Two pictures out of `len(PICTURES)` make 2,304 secrets; what makes guessing them
hopeless is not that number but the store's limit on wrong tries (services/guard.py:
a learner's account locks after 10). Secrets are kept as they are, not hashed: the
teacher prints them again whenever a card is lost.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Final

from tutorial_app.words.i18n import t

# (id, emoji): the id names the word in the catalogue. Emoji without a variation
# selector, widely drawn (Unicode 6-9), and none two alike at a glance.
PICTURES: Final[tuple[tuple[str, str], ...]] = (
    ("dog", "🐶"), ("cat", "🐱"), ("mouse", "🐭"), ("rabbit", "🐰"), ("fox", "🦊"),
    ("bear", "🐻"), ("panda", "🐼"), ("tiger", "🐯"), ("lion", "🦁"), ("cow", "🐮"),
    ("pig", "🐷"), ("frog", "🐸"), ("monkey", "🐵"), ("chick", "🐤"), ("penguin", "🐧"),
    ("owl", "🦉"), ("horse", "🐴"), ("unicorn", "🦄"), ("bee", "🐝"), ("butterfly", "🦋"),
    ("snail", "🐌"), ("turtle", "🐢"), ("octopus", "🐙"), ("fish", "🐟"), ("whale", "🐳"),
    ("apple", "🍎"), ("banana", "🍌"), ("grapes", "🍇"), ("strawberry", "🍓"),
    ("cherries", "🍒"), ("carrot", "🥕"), ("pizza", "🍕"), ("cake", "🎂"), ("moon", "🌙"),
    ("star", "⭐"), ("rainbow", "🌈"), ("flower", "🌸"), ("tree", "🌳"), ("ball", "⚽"),
    ("balloon", "🎈"), ("car", "🚗"), ("rocket", "🚀"), ("boat", "⛵"), ("bell", "🔔"),
    ("guitar", "🎸"), ("crown", "👑"), ("key", "🔑"), ("umbrella", "🌂"),
)
COUNT: Final = len(PICTURES)
CARD_KEY_BYTES: Final = 24
_CARD_KEY: Final = re.compile(r"[A-Za-z0-9_-]{20,64}")


@dataclass(frozen=True, slots=True)
class Secret:
    """A learner's two pictures (indexes into PICTURES) and their login card's key."""

    first: int
    second: int
    card_key: str

    @property
    def pictures(self) -> tuple[int, int]:
        return (self.first, self.second)

    def text(self) -> str:
        """How the store keeps the pictures: "12 40"."""
        return f"{self.first} {self.second}"


def new_secret() -> Secret:
    return Secret(secrets.randbelow(COUNT), secrets.randbelow(COUNT),
                  secrets.token_urlsafe(CARD_KEY_BYTES))


def from_store(pictures: str, card_key: str) -> Secret:
    first, second = (int(part) for part in pictures.split())
    return Secret(first, second, card_key)


def picture(index: int) -> str:
    """One picture with its word, as the sign-in form and the card show it: "🐶 dog"."""
    name, emoji = PICTURES[index]
    return f"{emoji} {t(f'picture.{name}')}"


def emoji(index: int) -> str:
    return PICTURES[index][1]


def word(index: int) -> str:
    return t(f"picture.{PICTURES[index][0]}")


def chosen(value: object) -> int | None:
    """A picture index as a form sends it, or None (anything else is no choice)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None
    try:
        index = int(value)
    except ValueError:
        return None
    return index if 0 <= index < COUNT else None


def valid_card_key(value: object) -> str | None:
    """A login card's key as a link may carry it, or None."""
    return value if isinstance(value, str) and _CARD_KEY.fullmatch(value) else None
