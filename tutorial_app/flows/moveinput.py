"""Making a move like a card player: what has been clicked so far (no Streamlit).

A learner clicks one hand card, then table cards and builds, then an action
(Capture, Build N, Trail). `Selection` is that state: immutable, so each click
returns a new one; it becomes an engine `Attempt`, legal or not, and the judge
answers it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine import BUILD, CAPTURE, TRAIL, Attempt, Build, Card, MoveKind, Position, Rules
from tutorial_app.course import clicks


@dataclass(frozen=True, slots=True)
class Selection:
    card: Card | None = None
    loose: frozenset[Card] = frozenset()
    builds: frozenset[Build] = frozenset()

    @property
    def empty(self) -> bool:
        return self.card is None and not self.loose and not self.builds

    def toggle_hand(self, card: Card) -> Selection:
        """Choose the card to play; clicking it again puts it back."""
        return replace(self, card=None if self.card == card else card)

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
        """The values the Build button offers: what the selected cards make (clicks.py)."""
        items: list[Card | Build] = [*sorted(self.loose), *self.builds]
        return clicks.build_values(rules, self.card, items)

    def build_value_guess(self, position: Position) -> int:
        """The value a Build button most likely means for this selection."""
        rules = position.rules
        played = rules.table_value(self.card) if self.card else None
        if played is None:
            return 1
        loose = sum(rules.table_value(c) or 0 for c in self.loose)
        if len(self.builds) == 1:
            (target,) = self.builds
            if target.is_multiple or played + loose == target.value or played == target.value:
                return target.value
            return min(target.value + played, rules.max_build)
        return max(1, min(played + loose, rules.max_build))

    def describe(self) -> str:
        """E.g. ``8♠ → 5♣ 3♦ [8-build]`` (for the status line)."""
        if self.empty:
            return ""
        played = self.card.pretty if self.card else "?"
        chosen = [c.pretty for c in sorted(self.loose)]
        chosen += [f"[{b.value}-build]" for b in sorted(self.builds, key=lambda b: b.value)]
        return f"{played} → {' '.join(chosen)}" if chosen else played
