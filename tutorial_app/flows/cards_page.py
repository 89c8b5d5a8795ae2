"""The Login cards page's controller (plain Python, no Streamlit): a class's cards, or
one learner's card alone, as ui/login_cards.py prints them (nine to an A4 sheet).

Each card is what the store knows of one learner: the name, the two secret pictures
(as emoji, and as words for a device without colour emoji, in the teacher's language)
and the card key its QR code carries (services/pictures.py). The page's link parameters
(`cards?class=ID&learner=ID`) are the view's; this says which cards they show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutorial_app.services import pictures
from tutorial_app.services.classes import ClassStore, SchoolClass
from tutorial_app.services.pictures import Secret
from tutorial_app.services.store import Learner


@dataclass(frozen=True, slots=True)
class LoginCard:
    learner_id: int
    name: str
    card_key: str                   # carried by the QR code only, never printed in words
    emojis: tuple[str, str]         # the two pictures
    words: tuple[str, str]          # their words, in the teacher's language


@dataclass(frozen=True, slots=True)
class ClassCards:
    class_id: int
    class_name: str
    code: str                       # the class's join code
    cards: tuple[LoginCard, ...]
    one: str | None = None          # the learner whose card alone is shown
    stale: bool = False             # a learner was asked for who is not in the class

    @property
    def file_name(self) -> str:
        """The offered file's name: `login-cards-ABC234` (`-ID` for one card)."""
        alone = f"-{self.cards[0].learner_id}" if self.one is not None else ""
        return f"login-cards-{self.code}{alone}"


def login_card(learner: Learner, secret: Secret) -> LoginCard:
    first, second = secret.pictures
    return LoginCard(learner.id, learner.name, secret.card_key,
                     (pictures.emoji(first), pictures.emoji(second)),
                     (pictures.word(first), pictures.word(second)))


def class_cards(room: SchoolClass, cards: Sequence[tuple[Learner, Secret]]) -> ClassCards:
    return ClassCards(room.id, room.name, room.code,
                      tuple(login_card(x, s) for x, s in cards))


class CardsController:
    def __init__(self, rooms: ClassStore, room: SchoolClass) -> None:
        self.rooms, self.room = rooms, room

    def screen(self, learner: str = "") -> ClassCards:
        """The class's cards; `learner` (the link's id) picks that learner's card alone,
        and one not of this class is dropped (`stale`): every card."""
        every = class_cards(self.room, self.rooms.secrets_of(self.room.id))
        chosen = tuple(x for x in every.cards if str(x.learner_id) == learner)
        if chosen:
            return ClassCards(every.class_id, every.class_name, every.code, chosen,
                              one=chosen[0].name)
        return ClassCards(every.class_id, every.class_name, every.code, every.cards,
                          stale=bool(learner))
