"""Line puzzles on the Puzzles page, as plain Python (no Streamlit).

The learner plays a move; the solver (engine/players/lines.py) judges it against the
goal over the whole line. An accepted move stands and the other seat answers with the
solver's defence, shown to the learner, until the goal is sure: then the puzzle's
success text. A move that lets the goal slip ends the try: the learner is shown the
solver's refuting reply ("then they play K♠") and, for the tempting move the puzzle
names, its own words on why. A move the rules do not allow is explained and may be
tried again. The first finished try is recorded like any puzzle's (services/store:
Glicko-2 for the learner and the puzzle, unrated with a hint).

Each puzzle's texts are written in the file in four languages; the learner reads the
one of the page's language (English when it has none).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import MutableMapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from engine import Attempt, Move, Position, Verdict, check
from engine.players.lines import LEARNER, LineSolver, Track, advance, status
from engine.players.sim import Sim
from tutorial_app.course.puzzles.line_puzzles import LinePuzzle, load_folder
from tutorial_app.flows.puzzles import rating_note
from tutorial_app.flows.state import Memory
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.progress_cache import LearnerStore
from tutorial_app.services.store import Learner, PuzzleResult
from tutorial_app.words import words
from tutorial_app.words.i18n import language, t

log = logging.getLogger(__name__)

HINTS: Final = 2


def shipped_lines(folder: Path) -> tuple[LinePuzzle, ...]:
    """Every line puzzle under `folder/lines` that loads, in file order, its texts in
    the page's language."""
    return _shipped_lines(folder, language())


@functools.cache
def _shipped_lines(folder: Path, lang: str) -> tuple[LinePuzzle, ...]:
    """Read once per language: the texts are looked up in the catalogue at load."""
    return tuple(p for line_set in load_folder(folder / "lines", lang)
                 for p in line_set.puzzles)


@dataclass(frozen=True, slots=True)
class LineTry:
    """The learner's work on the line puzzle on screen (kept in session state):
    `played` is every move so far in notation, the learner's and the replies."""

    puzzle: str
    played: tuple[str, ...] = ()
    outcome: str = ""            # "", "solved" or "failed"
    reply: str | None = None     # the other seat's last answer (notation)
    wrong: str | None = None     # the refuted move (notation)
    refutation: str | None = None
    illegal: Verdict | None = None  # the judge on a move the rules do not allow (worded when drawn)
    hints: int = 0
    recorded: bool = False
    result: PuzzleResult | None = None  # the store's answer to the first finished try


@dataclass(frozen=True, slots=True)
class LineView:
    puzzle: LinePuzzle
    work: LineTry
    board: Position               # the learner's position now
    theirs: tuple[str, ...]       # the other seat's cards, as the learner reads them
    piles: tuple[str, str] | None  # both piles, for a counting endgame
    prompt: str
    hints: tuple[str, ...]
    next_hint: int | None
    reply: str | None             # "They answer: ..." after an accepted move
    verdict: str | None           # success, or the refutation and why
    following: str | None
    note: str | None = None       # what the finished try did to the rating


def _learners_board(sim: Sim) -> Position:
    """The board as the learner (seat LEARNER) sees it: her own hand, also when the line
    has ended on her move and the other seat is the one to move."""
    if sim.to_move == LEARNER:
        return sim.position()
    return Position(sim.loose, sim.builds, sim.hands[LEARNER], LEARNER, sim.players,
                    sim.rules)


def replay(puzzle: LinePuzzle, played: tuple[str, ...]) -> tuple[Sim, Track]:
    """The line's position after the moves played (each legal where it was played)."""
    sim, track = puzzle.sim(), Track()
    for notation in played:
        move = next(m for m in sim.legal_moves() if m.text == notation)
        sim, track = advance(sim, track, move)
    return sim, track


class LineController:
    """The line puzzles' clicks and screen; memory keys are `lines.<name>`."""

    def __init__(self, memory: MutableMapping[str, Any], puzzles: tuple[LinePuzzle, ...],
                 store: LearnerStore, learner: Learner | None) -> None:
        self.memory = Memory(memory, "lines")
        self.puzzles = puzzles
        self.store = store
        self.learner = learner

    def puzzle(self) -> LinePuzzle | None:
        current = self.memory.get("current")
        found = next((p for p in self.puzzles if p.id == current), None)
        return found or (self.puzzles[0] if self.puzzles else None)

    def show(self, puzzle_id: str) -> None:
        self.memory["current"] = puzzle_id
        self.memory.clear("try")

    def _work(self, puzzle: LinePuzzle) -> LineTry:
        work = self.memory.typed("try", LineTry)
        if work is None or work.puzzle != puzzle.id:
            work = LineTry(puzzle.id)
            self.memory["try"] = work
        return work

    def again(self) -> None:
        """Start the line again (a second try is practice: it is not rated)."""
        puzzle = self.puzzle()
        if puzzle is not None:
            work = self._work(puzzle)
            self.memory["try"] = LineTry(puzzle.id, hints=work.hints, recorded=work.recorded)

    def hint(self) -> None:
        puzzle = self.puzzle()
        if puzzle is not None:
            work = self._work(puzzle)
            self.memory["try"] = replace(work, hints=min(HINTS, work.hints + 1))

    def answer(self, attempt: Attempt) -> None:
        """A move made on the board."""
        puzzle = self.puzzle()
        if puzzle is None:
            return
        work = self._work(puzzle)
        if work.outcome:
            return
        sim, track = replay(puzzle, work.played)
        verdict = check(sim.position(), attempt)
        if not verdict.legal or verdict.move is None:
            self.memory["try"] = replace(work, illegal=verdict, reply=None)
            return
        move = next((m for m in sim.legal_moves() if m == verdict.move), verdict.move)
        solver = LineSolver(puzzle.goal)
        after, after_track = advance(sim, track, move)
        if not solver.forcible(after, after_track):
            refutation = solver.refutation(sim, track, move)
            work = replace(work, played=(*work.played, move.text), outcome="failed",
                           wrong=move.text, refutation=refutation.text if refutation else None,
                           illegal=None, reply=None)
            self.memory["try"] = self._record(puzzle, work, solved=False)
            return
        played = (*work.played, move.text)
        reply: Move | None = None
        if status(solver.goal, after, after_track) is None and not solver.sure(after, after_track):
            while after.to_move != LEARNER and not after.hand_over:
                reply = solver.defence(after, after_track)
                played = (*played, reply.text)
                after, after_track = advance(after, after_track, reply)
        done = status(solver.goal, after, after_track) is True or solver.sure(after, after_track)
        work = replace(work, played=played, reply=reply.text if reply else None, illegal=None,
                       outcome="solved" if done else "")
        self.memory["try"] = self._record(puzzle, work, solved=True) if done else work

    def _record(self, puzzle: LinePuzzle, work: LineTry, solved: bool) -> LineTry:
        if self.learner is None or work.recorded:
            return work
        try:
            result = self.store.record_puzzle(self.learner.id, puzzle.id, puzzle.difficulty,
                                              solved, hinted=work.hints > 0)
        except STORE_FAULTS:
            log.exception("could not record line puzzle %s", puzzle.id)
            return work
        return replace(work, recorded=True, result=result)

    def screen(self) -> LineView | None:
        puzzle = self.puzzle()
        if puzzle is None:
            return None
        work = self._work(puzzle)
        sim, _ = replay(puzzle, work.played)
        verdict = None
        if work.outcome == "solved":
            verdict = puzzle.success
        elif work.outcome == "failed":
            verdict = self._refuted(puzzle, work)
        reply = None
        if work.reply is not None:
            reply = t("lines.reply", move=words.move(_move_in(puzzle, work.played, work.reply)))
        piles = None
        if puzzle.show_piles:
            piles = tuple(" ".join(c.pretty for c in pile) or "—" for pile in sim.piles)
        index = next(i for i, p in enumerate(self.puzzles) if p.id == puzzle.id)
        following = self.puzzles[(index + 1) % len(self.puzzles)].id
        return LineView(
            puzzle=puzzle, work=work, board=_learners_board(sim),
            theirs=tuple(c.pretty for c in sim.hands[1]),
            piles=(piles[0], piles[1]) if piles else None,
            prompt=puzzle.prompt,
            hints=puzzle.hints[:work.hints],
            next_hint=work.hints + 1 if work.hints < HINTS and not work.outcome else None,
            reply=reply, verdict=verdict, following=following,
            note=self._note(work))

    @staticmethod
    def _note(work: LineTry) -> str | None:
        """What a finished try did to the rating, as on a puzzle: the first try's change
        (or why it was unrated); a try after "Try the line again" is not rated."""
        if not work.outcome:
            return None
        if work.result is not None:
            return rating_note(work.result)
        return t("puzzles.unrated_again") if work.recorded else None

    def _refuted(self, puzzle: LinePuzzle, work: LineTry) -> str:
        before = work.played[:-1]
        if work.refutation is None:
            return t("lines.lost")
        reply = words.move(_move_in(puzzle, work.played, work.refutation))
        said = t("lines.refuted", move=reply)
        if not before and work.wrong == puzzle.tempting:
            return f"{said} {puzzle.why}"
        return said


def _move_in(puzzle: LinePuzzle, before: tuple[str, ...], notation: str) -> Move:
    """The move `notation` where it was played: after `before` minus itself, or after
    all of `before` for a refutation not played on the board."""
    for cut in (len(before), len(before) - 1):
        if cut < 0:
            continue
        sim, _ = replay(puzzle, before[:cut])
        for move in sim.legal_moves():
            if move.text == notation:
                return move
    raise KeyError(notation)
