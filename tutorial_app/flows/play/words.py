"""The Play page's words: seats, sides, levels, the deal, the rules, the log and
the score of a hand, all through the course's translation lookup `t()` (plain
Python, no Streamlit).

Every name a page shows for a seat or a side is made here (the learner is
"You", the computer "The computer (level 2)", with three or four players
"Computer N", and with four seat 2 is "Your partner"), so the page itself
never decides what a seat is called.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Rules
from engine.game import GameState, HandResult, LogKind
from engine.scoring import ITEMS
from tutorial_app.flows.play.game import YOU, Game
from tutorial_app.words import words
from tutorial_app.words.i18n import count, t


def seat_name(seat: int, players: int, level: int | None = None) -> str:
    """'You', 'The computer (level 2)', 'Your partner (computer, level 3)', 'Computer 3'
    (with three or four players the computers are told apart by their seat)."""
    if seat == YOU:
        return t("play.you")
    if players == 4 and seat == 2:
        name = t("play.partner", seat=seat)
    elif players == 2:
        name = t("play.computer")
    else:
        name = t("play.seat", seat=seat)
    return name if level is None else t("play.with_level", name=name, n=level)


def side_name(side: int, players: int) -> str:
    """A scoring side: a seat, or a partnership with four players (2.1)."""
    if players == 4:
        return t("play.side.yours") if side == 0 else t("play.side.theirs")
    return seat_name(side, players)


def pile_caption(side: int, players: int) -> str:
    """A short caption for a side's captured pile (it is drawn under the stack)."""
    if players == 4:
        return t("play.pile.yours_team") if side == 0 else t("play.pile.theirs_team")
    if side == YOU:
        return t("play.pile.yours")
    return t("play.pile.computer") if players == 2 else t("play.pile.of", seat=side)


def cards_held(n: int) -> str:
    return t("play.holds", cards=count(n, "card"))


def level_name(level: int) -> str:
    """The level's description, e.g. 'greedy: takes the most points and cards now'."""
    return t(f"play.level.{level}")


def level_tag(level: int) -> str:
    """A short label, e.g. 'Level 2 · greedy'."""
    return t("play.level_tag", n=level, name=t(f"play.level_short.{level}"))


def level_choice(level: int) -> str:
    """A level as the set-up form's select shows it, short enough for a phone
    ('Level 2: greedy'); `levels_help` says what each one does."""
    return t("play.level_choice", n=level, name=t(f"play.level_short.{level}"))


def levels_help(levels: Sequence[int]) -> str:
    """Every level's description, for the select's help."""
    return "\n\n".join(t("play.level_choice", n=n, name=level_name(n)) for n in levels)


def players_label(players: int) -> str:
    """'2 — head to head', and so on."""
    return t(f"play.players.{players}")


def target_label(target: str) -> str:
    """One of TARGETS in words: '21 points', 'a single hand'."""
    return t("play.target.hand") if target == "hand" else t("play.target.points", n=target)


def item_label(item: str) -> str:
    """A score item's words (scoring's own labels, through the translation lookup)."""
    return t(f"play.item.{item}")


def winner_text(game: Game) -> str:
    winner = game.state.winner
    if winner is None:
        return ""
    if winner == game.state.side_of(YOU):
        return t("play.you_win_team") if game.setup.players == 4 else t("play.you_win")
    return t("play.they_win", who=side_name(winner, game.setup.players))


def deal_text(state: GameState) -> str:
    """'deal 2 of 6', or 'deal 6 of 6, the last' (2.3)."""
    key = "play.deal_last" if state.last_deal else "play.deal_of"
    return t(key, n=state.deal_number, total=state.deals_per_hand)


def rules_text(rules: Rules) -> str:
    target = (t("play.goal.hand") if rules.target is None
              else t("play.goal.points", n=rules.target))
    return t("play.rules_line", rules=words.rules_words(rules.text, skip=("target",)),
             target=target)


# ----- the log ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the game log in the learner's words."""

    hand: int
    kind: LogKind
    seat: int | None
    text: str
    ply: int | None = None  # the move's number in the game, for moves
    computer: bool = False


def log_lines(game: Game, hand: int | None = None) -> list[LogLine]:
    """The log (of one hand, or all of it), every line worded for the learner."""
    state = game.state
    players = game.setup.players
    lines: list[LogLine] = []
    ply = 0
    for entry in state.log:
        number = ply if entry.kind == LogKind.MOVE else None
        if entry.kind == LogKind.MOVE:
            ply += 1
        if hand is not None and entry.hand != hand:
            continue
        who = seat_name(entry.seat, players) if entry.seat is not None else ""
        if entry.kind == LogKind.MOVE and entry.move is not None:
            text = t("play.log.move_sweep" if entry.sweep else "play.log.move",
                     who=who, move=words.move(entry.move))
        elif entry.kind == LogKind.DEAL:
            last = entry.deal == state.deals_per_hand
            text = (t("play.log.hand", n=entry.hand) if entry.deal == 1 else
                    t("play.log.deal_last" if last else "play.log.deal", n=entry.deal))
        elif entry.kind == LogKind.RESIDUE:
            text = t("play.log.residue", who=who, cards=" ".join(c.pretty for c in entry.captured))
        else:
            text = t("play.log.score", n=entry.hand)
        lines.append(LogLine(entry.hand, entry.kind, entry.seat, text, number,
                             entry.kind == LogKind.MOVE and entry.seat != YOU))
    return lines


def since_your_move(game: Game) -> list[LogLine]:
    """The learner's last move in this hand and every computer move after it, oldest
    first: what happened since the learner last played."""
    recent: list[LogLine] = []
    for line in log_lines(game, game.state.hand_number):
        if line.kind != LogKind.MOVE:
            continue
        if line.computer:
            recent.append(line)
        else:
            recent = [line]
    return recent


# ----- scores ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A hand's score as a table: one column per side, one row per item."""

    hand: int
    sides: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int, ...]], ...]

    def as_columns(self, first: str) -> dict[str, list[object]]:
        """For a data frame: the row labels under `first`, then one column per side."""
        columns: dict[str, list[object]] = {first: [label for label, _ in self.rows]}
        for i, side in enumerate(self.sides):
            columns[side] = [values[i] for _, values in self.rows]
        return columns


def breakdown(result: HandResult, players: int) -> Breakdown:
    sides = tuple(side_name(s.side, players) for s in result.scores)
    rows: list[tuple[str, tuple[int, ...]]] = [
        (t("play.row.cards_taken"), tuple(s.card_count for s in result.scores)),
        (t("play.row.spades_taken"), tuple(s.spade_count for s in result.scores)),
    ]
    rows += [(item_label(item), tuple(s.item(item) for s in result.scores)) for item in ITEMS]
    rows.append((t("play.row.hand_points"), tuple(s.total for s in result.scores)))
    rows.append((t("play.row.game_total"), result.totals))
    return Breakdown(result.hand, sides, tuple(rows))


