"""Making a move like a card player: what has been clicked so far (no Streamlit).

A learner clicks one hand card, then table cards and builds, then an action
(Capture, Build N, Trail). `Selection` is that state: immutable, so each click
returns a new one; it becomes an engine `Attempt`, legal or not, and the judge
answers it. Choosing another hand card drops the table cards chosen for the one
before (they were picked for it, and a Trail would be refused for them), and the
status line says in words what is chosen (`chosen_words`). An action pressed with
nothing chosen is not an attempt: `first_choose` says what to choose first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine import BUILD, CAPTURE, TRAIL, Attempt, Build, Card, MoveKind, Position, Rules
from tutorial_app.course.proofs import clicks
from tutorial_app.words.i18n import join_and, t


@dataclass(frozen=True, slots=True)
class Selection:
    card: Card | None = None
    loose: frozenset[Card] = frozenset()
    builds: frozenset[Build] = frozenset()

    @property
    def empty(self) -> bool:
        return self.card is None and not self.loose and not self.builds

    def toggle_hand(self, card: Card) -> Selection:
        """Choose the card to play; clicking it again puts it back. Another hand card
        in place of the chosen one starts its table choice afresh."""
        if self.card == card:
            return replace(self, card=None)
        if self.card is not None:
            return Selection(card)
        return replace(self, card=card)

    def toggle_loose(self, card: Card) -> Selection:
        return replace(self, loose=self.loose ^ {card})

    def toggle_build(self, build: Build) -> Selection:
        return replace(self, builds=self.builds ^ {build})

    def fit(self, position: Position) -> Selection:
        """Forget anything no longer in the position (after a move or an edit)."""
        card = self.card if self.card in position.hand else None
        return Selection(card, self.loose & frozenset(position.loose),
                         self.builds & frozenset(position.builds))

    def attempt(self, kind: MoveKind, value: int | None = None) -> Attempt:
        loose = sorted(self.loose)
        builds = sorted(self.builds, key=lambda b: (b.value, b.cards))
        return Attempt.selection(self.card, kind, loose, builds, value if kind == BUILD else None)

    def capture(self) -> Attempt:
        return self.attempt(CAPTURE)

    def trail(self) -> Attempt:
        return self.attempt(TRAIL)

    def build(self, value: int) -> Attempt:
        return self.attempt(BUILD, value)

    def build_values(self, rules: Rules) -> tuple[int, ...]:
        """What the selected cards make, the total first (clicks.py); the buttons offer
        `build_offers`."""
        items: list[Card | Build] = [*sorted(self.loose), *self.builds]
        return clicks.build_values(rules, self.card, items)

    def build_offers(self, rules: Rules) -> tuple[int, ...]:
        """The Build buttons offered for this selection, highest first: what the cards
        make, never a value no build can have beside one a build can ("Build 20" beside
        "Build 10"); the rule is clicks.py's (`offered_values`), so the loader proves
        each lesson's words against the very buttons a learner sees. Every legal build
        is offered (tests/pages/test_build_offers.py)."""
        items: list[Card | Build] = [*sorted(self.loose), *self.builds]
        return clicks.offered_values(rules, self.card, items)


def chosen_words(sel: Selection) -> str:
    """What is chosen, as a sentence: the card from the hand and what it should take
    from the table ("" when nothing is)."""
    items = [c.pretty for c in sorted(sel.loose)]
    items += [t("board.build_item", value=b.value)
              for b in sorted(sel.builds, key=lambda b: (b.value, b.cards))]
    if sel.card is not None and items:
        return t("board.chosen_both", card=sel.card.pretty, items=join_and(items))
    if sel.card is not None:
        return t("board.chosen_card", card=sel.card.pretty)
    if items:
        return t("board.chosen_table", items=join_and(items))
    return ""


def first_choose(sel: Selection, kind: MoveKind) -> str | None:
    """What to choose before an action can mean anything, or None: with nothing chosen
    at all, each action says what it needs."""
    if not sel.empty:
        return None
    return t({CAPTURE: "board.first.capture", BUILD: "board.first.build",
              TRAIL: "board.first.trail"}[kind])
