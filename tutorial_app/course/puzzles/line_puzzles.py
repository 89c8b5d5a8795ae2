"""Line puzzles: files, loading, and the solver's proof of every line.

A line puzzle is the end of a hand with the other seat's cards known: the learner
plays, the other seat answers, the learner plays again, until the goal is sure
(engine/players/lines.py). Its file (`lessons/lines/*.lines`, YAML; the suffix keeps
the lesson loader, which reads every `.yaml` under lessons/, from taking them for
lessons) writes, per puzzle:

- the position: `table`, `hand`, `their hand`, optionally `piles` (`mine`, `theirs`)
  and whether the page shows them (`show piles`, for the counting endgames), and
  `last capturer` (`me`, `them` or `none`);
- the `goal` (`last-cards`, `{take-card: 10d}`, `no-sweep`, `build-and-take`,
  `{score: N}`, `outscore`);
- the `line`: at each learner turn the `accepted` moves (every one, in notation) and
  the move shown as the answer (`play`), and the other seat's `reply` (absent when
  the goal is sure after the learner's move);
- the `tempting` wrong first move, the solver's `reply` that refutes it and the
  `why` in words;
- a `prompt`, two `hints`, a `success` text and the `why`, in English, written for
  this puzzle. Like every lesson text they are translated in the lessons catalogues
  (`locales/*/LC_MESSAGES/lessons.po`) under stable keys,
  `lines.<set id>.<puzzle id>.prompt` / `.hints.0` / `.hints.1` / `.success` /
  `.tempting.why`; the loader reads them in the learner's language (`lesson_text`),
  English where a translation is missing or stale, and `make i18n` extracts and
  checks them with the rest of the course.

`prove` re-solves each puzzle and reports where the file and the solver disagree:
the accepted sets must be exactly the solver's, each reply the solver's defence, the
tempting move refuted by exactly the reply written. The Puzzles page plays them
(flows/line_play.py); `validate` and `course stats` read them too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import yaml

from engine import Move, Rules
from engine.cards import parse_cards
from engine.errors import CassinoError
from engine.players import habits
from engine.players.lines import (
    LEARNER,
    LineGoal,
    LineSolver,
    Track,
    advance,
    line_sim,
    main_line,
    status,
)
from engine.players.sim import Sim
from engine.position import parse_table
from tutorial_app.course.reading.errors import LessonError
from tutorial_app.words.i18n import lesson_text, using

SUFFIX: Final = ".lines"
MIN_TURNS: Final = 2
MAX_TURNS: Final = 4
_CAPTURERS: Final = {"me": 0, "them": 1, "none": None}


@dataclass(frozen=True)
class LineTurn:
    accepted: tuple[str, ...]
    play: str
    reply: str | None


@dataclass(frozen=True)
class LinePuzzle:
    id: str
    set_id: str
    table: str
    hand: str
    their_hand: str
    piles: tuple[str, str]
    show_piles: bool
    last_capturer: int | None
    goal: LineGoal
    themes: tuple[str, ...]
    difficulty: int
    turns: tuple[LineTurn, ...]
    tempting: str
    tempting_reply: str | None
    why: str
    prompt: str
    hints: tuple[str, str]
    success: str
    rules: Rules = field(default_factory=Rules)

    def sim(self) -> Sim:
        loose, builds = parse_table(self.table)
        return line_sim(self.rules, loose, builds, parse_cards(self.hand),
                        parse_cards(self.their_hand),
                        (parse_cards(self.piles[0]), parse_cards(self.piles[1])),
                        self.last_capturer)


@dataclass
class LineSet:
    id: str
    file: str
    puzzles: list[LinePuzzle]
    errors: list[LessonError]


def goal_data(goal: LineGoal) -> object:
    if goal.kind == "take-card" and goal.card is not None:
        return {"take-card": str(goal.card)}
    if goal.kind == "score":
        return {"score": goal.points}
    return goal.kind


def read_goal(data: object) -> LineGoal:
    if isinstance(data, str):
        return LineGoal(data)
    if isinstance(data, dict) and len(data) == 1:
        ((kind, value),) = data.items()
        if kind == "take-card":
            return LineGoal("take-card", card=parse_cards(str(value))[0])
        if kind == "score" and isinstance(value, int):
            return LineGoal("score", points=value)
    raise ValueError(f"not a line goal: {data!r}")


def text_key(set_id: str, puzzle_id: str, name: str) -> str:
    """The catalogue key (msgctxt) of one of a line puzzle's texts."""
    return f"lines.{set_id}.{puzzle_id}.{name}"


def _text(data: object, what: str, key: str) -> str:
    """The file's English text, read in the learner's language from the catalogue."""
    if isinstance(data, dict):
        raise ValueError(f"{what}: one English text; its translations belong in the "
                         f"lessons catalogues under {key}")
    if data is None or not str(data).strip():
        raise ValueError(f"{what}: an English text")
    return lesson_text(key, str(data))


def _puzzle(data: dict[str, object], set_id: str, rules: Rules) -> LinePuzzle:
    puzzle_id = str(data["id"])

    def text(value: object, name: str) -> str:
        return _text(value, name, text_key(set_id, puzzle_id, name))

    piles = data.get("piles") or {}
    if not isinstance(piles, dict):
        raise ValueError("piles: `mine` and `theirs`")
    line = data.get("line")
    if not isinstance(line, list) or not line:
        raise ValueError("line: a list of learner turns")
    turns = []
    for number, turn in enumerate(line, 1):
        if not isinstance(turn, dict) or not isinstance(turn.get("accepted"), list):
            raise ValueError(f"line turn {number}: `accepted`, `play` and maybe `reply`")
        reply = turn.get("reply")
        turns.append(LineTurn(tuple(str(m) for m in turn["accepted"]), str(turn.get("play")),
                              None if reply is None else str(reply)))
    tempting = data.get("tempting")
    if not isinstance(tempting, dict):
        raise ValueError("tempting: the tempting wrong first move, its `reply` and `why`")
    hints = data.get("hints")
    if not isinstance(hints, list) or len(hints) != 2:
        raise ValueError("hints: exactly two")
    capturer = str(data.get("last capturer", "none"))
    if capturer not in _CAPTURERS:
        raise ValueError("last capturer: me, them or none")
    difficulty = data.get("difficulty")
    if not isinstance(difficulty, int) or not 1 <= difficulty <= 5:
        raise ValueError("difficulty: 1 to 5")
    reply = tempting.get("reply")
    themes = data.get("themes") or ["line"]
    if not isinstance(themes, list):
        raise ValueError("themes: a list")
    return LinePuzzle(
        id=puzzle_id, set_id=set_id, table=str(data.get("table", "")),
        hand=str(data["hand"]), their_hand=str(data["their hand"]),
        piles=(str(piles.get("mine", "")), str(piles.get("theirs", ""))),
        show_piles=bool(data.get("show piles", False)), last_capturer=_CAPTURERS[capturer],
        goal=read_goal(data.get("goal")), themes=tuple(str(t) for t in themes),
        difficulty=difficulty, turns=tuple(turns), tempting=str(tempting.get("move")),
        tempting_reply=None if reply is None else str(reply),
        why=text(tempting.get("why"), "tempting.why"),
        prompt=text(data.get("prompt"), "prompt"),
        hints=(text(hints[0], "hints.0"), text(hints[1], "hints.1")),
        success=text(data.get("success"), "success"), rules=rules)


def load_file(path: Path, language: str | None = None) -> LineSet:
    """One file's puzzles, their texts in `language` (default: the learner's)."""
    if language is not None:
        with using(language):
            return load_file(path)
    name = str(path)
    try:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        return LineSet(path.stem, name, [], [LessonError(name, 1, 1, "", f"unreadable: {error}")])
    if not isinstance(document, dict) or not isinstance(document.get("lines"), list):
        return LineSet(path.stem, name, [], [LessonError(name, 1, 1, "", "a `lines:` list")])
    set_id = str(document.get("id", path.stem))
    rules = Rules()
    out = LineSet(set_id, name, [], [])
    for index, data in enumerate(document["lines"]):
        where = f"lines[{index}]"
        if not isinstance(data, dict) or "id" not in data:
            out.errors.append(LessonError(name, 1, 1, where, "a puzzle needs an id"))
            continue
        where = f"lines[{index}] ({data['id']})"
        try:
            out.puzzles.append(_puzzle(data, set_id, rules))
        except (ValueError, KeyError, CassinoError) as error:
            out.errors.append(LessonError(name, 1, 1, where, str(error)))
    return out


def load_folder(folder: Path, language: str | None = None) -> list[LineSet]:
    if not folder.is_dir():
        return []
    return [load_file(p, language) for p in sorted(folder.glob(f"*{SUFFIX}"))]


def _move(sim: Sim, text: str) -> Move | None:
    for move in sim.legal_moves():
        if move.text == text:
            return move
    return None


def _texts_of(moves: tuple[Move, ...] | list[Move]) -> list[str]:
    return sorted(m.text for m in moves)


def prove(puzzle: LinePuzzle) -> list[str]:
    """Where the puzzle's file and the solver disagree (empty: proved)."""
    try:
        sim = puzzle.sim()
    except (CassinoError, ValueError) as error:
        return [f"position: {error}"]
    problems = [str(p) for p in sim.position().problems()]
    cards = [*sim.loose, *(c for b in sim.builds for c in b.cards), *sim.hands[0],
             *sim.hands[1], *sim.piles[0], *sim.piles[1]]
    if len(set(cards)) != len(cards):
        problems.append("a card is in two places")
    if puzzle.show_piles and len(cards) != 52:
        problems.append("a counting endgame shows every card: table, hands and piles make "
                        f"{len(cards)}, not 52")
    if problems:
        return problems
    solver = LineSolver(puzzle.goal)
    line = main_line(solver, sim, tuple(
        m for m in (_move_along(sim, puzzle)) if m is not None))
    if line is None:
        return ["the goal cannot be forced, or a move played is not accepted"]
    if not MIN_TURNS <= len(line.turns) <= MAX_TURNS:
        problems.append(f"the line has {len(line.turns)} learner moves, not "
                        f"{MIN_TURNS}-{MAX_TURNS}")
    if len(line.turns) != len(puzzle.turns):
        problems.append(f"the file writes {len(puzzle.turns)} learner turns, the solver's "
                        f"line has {len(line.turns)}")
    for number, (written, turn, played, reply) in enumerate(
            zip(puzzle.turns, line.turns, line.played, line.replies, strict=False), 1):
        if sorted(written.accepted) != _texts_of(turn.accepted):
            problems.append(f"turn {number}: accepted {sorted(written.accepted)}, the solver "
                            f"accepts {_texts_of(turn.accepted)}")
        if written.play != played.text:
            problems.append(f"turn {number}: play {written.play} is not the line's move")
        if (written.reply or None) != (reply.text if reply else None):
            problems.append(f"turn {number}: reply {written.reply}, the solver answers "
                            f"{reply.text if reply else 'nothing'}")
    first = line.turns[0]
    tempting = _move(sim, puzzle.tempting)
    if tempting is None or tempting not in first.refuted:
        problems.append(f"tempting move {puzzle.tempting} is not a refuted first move")
    else:
        refutation = first.refuted[tempting]
        if (refutation.text if refutation else None) != puzzle.tempting_reply:
            problems.append(f"tempting move: reply {puzzle.tempting_reply}, the solver "
                            f"refutes with {refutation.text if refutation else 'nothing'}")
    return problems


def _move_along(sim: Sim, puzzle: LinePuzzle) -> list[Move | None]:
    """The learner's written moves as moves of the positions they are played in."""
    out: list[Move | None] = []
    track = Track()
    for turn in puzzle.turns:
        if sim.to_move != LEARNER:
            break
        move = _move(sim, turn.play)
        out.append(move)
        if move is None:
            break
        sim, track = advance(sim, track, move)
        if turn.reply is not None and sim.to_move != LEARNER:
            reply = _move(sim, turn.reply)
            if reply is None:
                break
            sim, track = advance(sim, track, reply)
    return out


def line_first_try(solver: LineSolver, sim: Sim, track: Track,
                   shortlist: habits.Shortlist) -> float:
    """The chance a habit or level plays a whole line right at the first try: at each
    learner turn a move of its shortlist, the other seat answering with the solver's
    defence, as the puzzle page would."""
    decided = status(solver.goal, sim, track)
    if decided is not None:
        return 1.0 if decided else 0.0
    if solver.sure(sim, track):
        return 1.0
    if sim.to_move != LEARNER:
        return line_first_try(solver, *advance(sim, track, solver.defence(sim, track)),
                              shortlist)
    picks = shortlist(sim.view(LEARNER))
    total = 0.0
    for move in picks:
        after, after_track = advance(sim, track, move)
        if solver.forcible(after, after_track):
            total += line_first_try(solver, after, after_track, shortlist)
    return total / len(picks) if picks else 0.0


def trials(puzzle: LinePuzzle) -> dict[str, float]:
    """Each habit's and level's chance of playing the whole line right at the first try."""
    solver = LineSolver(puzzle.goal)
    sim = puzzle.sim()
    return {name: line_first_try(solver, sim, Track(), shortlist)
            for name, shortlist in habits.PLAYERS.items()}
