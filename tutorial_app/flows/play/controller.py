"""The Play page's controller: a game against computer players (plain Python).

`PlayController(memory, store, learner_id)` is built on every run of the page
from the session state (a dict in tests), the progress store and the learner.
Its methods are the page's clicks; `setup_screen()` and `screen()` say what to
draw (`screens`). Built for a learner for the first time in a session, it
takes up the game kept for them in the store, so a reloaded page carries on.

Saving is guarded against a second tab: the memory holds the revision of the
kept game this tab last saw, and a move is kept only if the store still holds
that revision. Otherwise the other tab's game is the one kept, and this tab is
shown it with a word of why (`play.stale`) instead of overwriting its moves.

Memory keys (all under "play."): the game and what is said about it (`game`,
`owner`, `revision`, `message`, `hint`, `why`, `notes`, `review`, ...), the
set-up form's widgets (see `setup`), the toggles (`auto`, `coach_toggle`),
the replay (`replay.hand`, `replay.at`), and the board's selection for the
learner's hand (`sel`, `value`, `value_for`, `verdict`: `ui.board` draws the
scope "play" from those).
"""

from __future__ import annotations

import logging
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any, Final

from engine import BUILD, Attempt, CassinoError, Move, NotationError
from engine.advice import Advice, Review, explain_phrase, hint, review
from engine.advice_words import Phrase
from engine.game import GameState, LogKind
from tutorial_app.flows.moveinput import Selection
from tutorial_app.flows.page import Message, Notice, Said, Tone, worded
from tutorial_app.flows.play import count as pc
from tutorial_app.flows.play import screens as ps
from tutorial_app.flows.play import words as pw
from tutorial_app.flows.play.game import YOU, Game, SavedGameError
from tutorial_app.flows.play.replay import (
    coach_notes,
    finished_hands,
    frame_before,
    hand_frames,
    state_before,
    table_position,
)
from tutorial_app.flows.play.setup import SetupForm
from tutorial_app.flows.state import Memory
from tutorial_app.services import faults
from tutorial_app.services.faults import STORE_FAULTS
from tutorial_app.services.store import ProgressStore, StaleGameError
from tutorial_app.words import words
from tutorial_app.words.i18n import DEFAULT_LANGUAGE, language, t

log = logging.getLogger(__name__)

SCOPE: Final = "play"  # the memory's prefix, and the board's scope for the learner's hand
PACE_SECONDS: Final = 1.6  # between computer moves played by themselves

# the game and what is said about it
GAME: Final = "game"
OWNER: Final = "owner"  # the learner whose game this session shows
REVISION: Final = "revision"  # of the kept game, as this tab last saw it
MESSAGE: Final = "message"
HINT: Final = "hint"
WHY: Final = "why"
NOTES: Final = "notes"  # why each computer move was made, by move number
REVIEW: Final = "review"  # the coach's note on the learner's last move (a CoachAt)
REVIEW_FAILED: Final = "review_failed"  # the number of the move the coach could not review
HAND_REVIEW: Final = "hand_review"  # the finished hand the coach was asked to review
COUNT: Final = "count"  # the count-the-cards-left task opened (a CountTask)
TICK: Final = "tick"
REPLAY_HAND: Final = "replay.hand"
REPLAY_AT: Final = "replay.at"
SETUP_ERROR: Final = "setup_error"
# widgets
AUTO: Final = "auto"
COACH: Final = "coach"  # the learner's choice, kept while the toggle is not drawn
COACH_TOGGLE: Final = "coach_toggle"
# the board's (ui.board) selection for scope "play"
SELECTION: Final = "sel"
VERDICT: Final = "verdict"
VALUE: Final = "value"
VALUE_FOR: Final = "value_for"

FORGET_ON_NEW_GAME: Final = (MESSAGE, HINT, WHY, NOTES, REPLAY_HAND, REPLAY_AT, REVIEW,
                             REVIEW_FAILED, HAND_REVIEW, SELECTION, VERDICT, COUNT)


@dataclass(frozen=True, slots=True)
class CoachAt:
    """The coach's note on the learner's move number `ply`. It sits under the table
    only while that table is the one the move left; once the computer has moved, it
    goes with the learner's move in the list of moves since (the computer panel)."""

    ply: int
    review: Review


@dataclass(frozen=True, slots=True)
class ShownHint:
    """The hint asked for at move number `ply` (it lapses once a move is made)."""

    ply: int
    advice: Advice


class PlayController:
    def __init__(self, mapping: MutableMapping[str, Any], store: ProgressStore,
                 learner_id: int) -> None:
        self.memory = Memory(mapping, SCOPE)
        self.store = store
        self.learner_id = learner_id
        self.form = SetupForm(self.memory)
        if self.memory.get(OWNER) != learner_id:  # once per learner and session
            self._take_up_kept_game()

    def key(self, name: str) -> str:
        """The full memory key of a widget the controller reads back."""
        return self.memory.key(name)

    @property
    def game(self) -> Game | None:
        return self.memory.typed(GAME, Game)

    @property
    def coach_on(self) -> bool:
        return bool(self.memory.get(COACH, True))

    @property
    def pacing(self) -> bool:
        """The computer plays by itself now (the toggle is on and it is its turn)."""
        current = self.game
        return bool(self.memory.get(AUTO)) and current is not None and current.computer_turn

    # ----- keeping the game --------------------------------------------------------------

    def _fresh_start(self) -> None:
        """Forget everything about the last game shown (messages, hints, notes, replay)."""
        self.memory.clear(*FORGET_ON_NEW_GAME)

    def _keep(self, new: Game | None, *, fresh: bool = False) -> None:
        """The game for this session and, so a reload carries on, for the learner's store.

        A move is kept only if the stored game is still the one this tab last saw
        (`fresh` games replace whatever was kept)."""
        self.memory[GAME] = new
        self.memory[OWNER] = self.learner_id
        try:
            if new is None:
                self.store.drop_game(self.learner_id)
                self.memory.clear(REVISION)
                return
            expected = None if fresh else self.memory.get(REVISION)
            self.memory[REVISION] = self.store.save_game(self.learner_id, new.to_json(),
                                                         expected)
        except StaleGameError as error:
            log.info("not kept, the game moved on in another tab: %s", error)
            self._take_up_kept_game()
            self.memory[MESSAGE] = Notice.of(Tone.REFUSED, "play.stale")
        except STORE_FAULTS as error:  # the game goes on in this tab, unkept
            faults.log_fault(error, "keeping the game")  # worded when drawn, like any notice
            self.memory[MESSAGE] = Notice(Tone.REFUSED,
                                          Message(faults.STORE_KEY, faults.STORE_FACTS))

    def _take_up_kept_game(self) -> None:
        """Show the game kept in the store (or none), forgetting what this tab showed.

        A kept game that cannot be rebuilt stays in the store (a new game replaces
        it); the cause is logged and the learner told."""
        self._fresh_start()
        self.memory[OWNER] = self.learner_id
        self.memory[GAME] = None
        self.memory.clear(REVISION)
        saved = self.store.saved_game(self.learner_id)
        if saved is None:
            return
        try:
            self.memory[GAME] = Game.from_json(saved.game)
        except SavedGameError as error:
            log.warning("the kept game of learner %d (revision %d, %d characters) cannot be "
                        "restored: %s", self.learner_id, saved.revision, len(saved.game), error)
            # the reason is the engine's English, for the log; the learner reads a whole
            # sentence of the catalogue (worded when drawn, like any notice)
            self.memory[MESSAGE] = Notice.of(Tone.REFUSED, "play.restore_failed")
            return
        self.memory[REVISION] = saved.revision

    # ----- the set-up form -------------------------------------------------------------

    def setup_screen(self) -> ps.SetupScreen:
        """The set-up form (its seed and target start filled in), with why the last
        Start was refused worded in the language of this drawing."""
        said = self.memory.get(SETUP_ERROR)
        return self.form.screen(_setup_words(said) if said is not None else None)

    def follow_preset(self) -> None:
        self.form.follow_preset()

    def roll_seed(self) -> None:
        self.form.roll_seed()

    def start(self) -> None:
        try:
            setup = self.form.setup()
        except CassinoError as error:  # a combination the rules forbid
            log.info("set-up refused: %s", error)
            self.memory[SETUP_ERROR] = error  # the engine's facts, worded when drawn
            return
        except ValueError as error:  # a value no widget gives (a tampered session)
            log.info("set-up refused: %s", error)
            self.memory[SETUP_ERROR] = Message.of("play.setup_refused")
            return
        self.memory.clear(SETUP_ERROR)
        self._fresh_start()
        self._keep(Game.start(setup), fresh=True)

    # ----- whole games -------------------------------------------------------------------

    def play_again(self) -> None:
        """The same players, levels, rules and seed: the same deals again."""
        current = self.game
        if current is None:
            return
        self._fresh_start()
        self._keep(Game.start(current.setup), fresh=True)

    def abandon(self) -> None:
        self._fresh_start()
        self._keep(None)
        self.form.roll_seed()

    def next_hand(self) -> None:
        current = self.game
        if current is None or not current.hand_over or current.over:
            return
        self._fresh_start()
        self._keep(current.next_hand())

    # ----- moves ---------------------------------------------------------------------------

    def move(self, attempt: Attempt) -> None:
        """The learner's move (from the board's buttons): judged once, played when legal."""
        current = self.game
        if current is None:
            return
        if not current.your_turn:  # a click drawn before the turn passed on
            log.info("a move by learner %d when it is not their turn", self.learner_id)
            self.memory[MESSAGE] = Notice.of(Tone.REFUSED, "play.not_your_turn")
            return
        after, verdict = current.attempt(attempt)
        if not verdict.legal or verdict.move is None:
            self.memory[MESSAGE] = Notice(Tone.REFUSED, verdict, verdict.rule)
            return
        sweep = after.state.log[len(current.state.log)].sweep
        self.memory[MESSAGE] = Notice.of(
            Tone.PLAYED, "play.you_played_sweep" if sweep else "play.you_played",
            move=verdict.move)
        found = self._coach(current.state, verdict.move, current.ply)
        self.memory[REVIEW] = CoachAt(current.ply, found) if found is not None else None
        self.memory.clear(HINT, SELECTION, VERDICT)
        self._keep(after)

    def _coach(self, state: GameState, move: Move, ply: int) -> Review | None:
        """The coach's word on the learner's move number `ply`, when the toggle is on."""
        self.memory.clear(REVIEW_FAILED)
        if not self.coach_on:
            return None
        try:
            return review(state, move)
        except CassinoError:
            log.exception("the coach could not review %s", move)
            self.memory[REVIEW_FAILED] = ply
            return None

    def advance(self) -> None:
        """One computer move, with the reason for it."""
        current = self.game
        if current is None or not current.computer_turn:
            return
        after = current.advance()
        self._explain(current.state, after.state.moves[current.ply], current.ply)
        self.memory.clear(MESSAGE)
        self._keep(after)

    def pace_start(self) -> None:
        """A page run with the pace on: the clock starts again (see `pace_tick`)."""
        self.memory[TICK] = 0

    def pace_tick(self) -> bool:
        """One beat of the computer playing by itself. The first beat after a page run
        only starts the clock (the move just shown stays up for a beat); each later one
        plays a computer move. True when a move was played (the page is drawn again)."""
        beats = int(self.memory.get(TICK) or 0) + 1
        self.memory[TICK] = beats
        if beats > 1 and self.pacing:
            self.advance()
            return True
        return False

    # ----- help --------------------------------------------------------------------------

    def ask_hint(self) -> None:
        current = self.game
        if current is None or not current.your_turn:
            return
        self.memory[HINT] = ShownHint(current.ply, hint(current.state, YOU))

    def _hint(self, current: Game) -> ShownHint | None:
        shown = self.memory.typed(HINT, ShownHint)
        return shown if shown is not None and shown.ply == current.ply else None

    def use_hint(self) -> None:
        """Put the hint's cards into the selection: the learner still presses the button."""
        current = self.game
        shown = self._hint(current) if current is not None else None
        if shown is None:
            return
        move = shown.advice.move
        selection = Selection(move.card, frozenset(move.loose), frozenset(move.builds))
        self.memory[SELECTION] = selection
        self.memory.clear(VERDICT)
        if move.kind == BUILD and move.value is not None:
            self.memory[VALUE] = move.value
            self.memory[VALUE_FOR] = selection

    def coach_toggled(self) -> None:
        # A widget's own state is dropped on a page without it (the set-up screen), so
        # the choice lives under a key of its own and outlasts the game.
        self.memory[COACH] = bool(self.memory.get(COACH_TOGGLE))

    def ask_why(self, ply: int) -> None:
        """Open (or, clicked again, close) the reason for computer move number `ply`."""
        self.memory[WHY] = None if self.memory.get(WHY) == ply else ply

    def _notes(self) -> dict[int, Phrase | str | None]:
        notes = self.memory.get(NOTES)
        if not isinstance(notes, dict):
            notes = {}
            self.memory[NOTES] = notes
        return notes

    def _explain(self, state: GameState, move: Move, ply: int) -> str:
        """Why move number `ply` was made from `state`, worked out once and remembered
        (as a phrase, worded in the language of each run); a short word that none is
        available if the explanation fails (logged)."""
        notes = self._notes()
        current = self.game
        level = current.setup.level(state.to_move) if current is not None else None
        if ply not in notes and level == 1:
            notes[ply] = "play.random_move"  # level 1 has no reason to give (a key)
        if ply not in notes:
            try:
                notes[ply] = explain_phrase(state, move)
            except CassinoError:
                log.exception("no explanation for move %d (%s)", ply, move)
                notes[ply] = None
        return _worded(notes[ply])

    def reason(self, ply: int) -> str:
        """Why the computer made move number `ply` of the game shown."""
        current = self.game
        if current is None or not 0 <= ply < current.ply:
            return ""
        notes = self._notes()
        if ply in notes:
            return _worded(notes[ply])
        return self._explain(state_before(current, ply), current.state.moves[ply], ply)

    # ----- counting the cards left ----------------------------------------------------

    def _count_task(self, current: Game) -> pc.CountTask | None:
        """The task open at this table (one opened before a card was played lapses)."""
        task = self.memory.typed(COUNT, pc.CountTask)
        return task if task is not None and task.ply == current.ply else None

    def open_count(self) -> None:
        current = self.game
        if current is not None and pc.learner_view(current) is not None:
            self.memory[COUNT] = pc.CountTask(current.ply)

    def close_count(self) -> None:
        self.memory.clear(COUNT)

    def toggle_count(self, card: str) -> None:
        """Pick a card (notation) as held by the other player, or put it back."""
        current = self.game
        task = self._count_task(current) if current is not None else None
        view = pc.learner_view(current) if current is not None else None
        if task is None or view is None or card not in {str(c) for c in pc.choices(view)}:
            return  # a click drawn before the table changed, or not a card offered
        self.memory[COUNT] = pc.toggled(task, card)

    def check_count(self) -> None:
        self._judge_count(shown=False)

    def show_count(self) -> None:
        """The learner gives up: the reply names the cards the other player holds."""
        self._judge_count(shown=True)

    def _judge_count(self, shown: bool) -> None:
        current = self.game
        task = self._count_task(current) if current is not None else None
        view = pc.learner_view(current) if current is not None else None
        if task is None or view is None:
            return
        self.memory[COUNT] = pc.CountTask(task.ply, task.picked,
                                          pc.judge(view, task.picked, shown))

    def _count(self, current: Game) -> pc.CountScreen | None:
        view = pc.learner_view(current)
        if view is None:
            return None
        task = self._count_task(current)
        if task is None:
            return pc.CountScreen(open=False)
        return pc.CountScreen(True, pc.choices(view), task.picked, task.result)

    # ----- a finished hand -----------------------------------------------------------------

    def ask_hand_review(self, hand: int) -> None:
        self.memory[HAND_REVIEW] = hand

    def replay_step(self, to: int) -> None:
        self.memory[REPLAY_AT] = to

    def show_in_replay(self, hand: int, at: int) -> None:
        self.memory[REPLAY_HAND] = hand
        self.memory[REPLAY_AT] = at

    def _reviews(self, current: Game, hand: int) -> dict[int, Review] | None:
        """The coach's notes on the learner's moves in `hand`; None if they failed (logged)."""
        try:
            return coach_notes(current, hand)
        except CassinoError:
            log.exception("the coach could not review hand %d", hand)
            return None

    def _hand_review(self, current: Game, hand: int) -> ps.HandReview:
        if self.memory.get(HAND_REVIEW) != hand:
            return ps.HandReview(hand, asked=False)
        notes = self._reviews(current, hand)
        if notes is None:
            return ps.HandReview(hand, asked=True, failed=True)
        moves = []
        for ply, found in notes.items():
            frame = frame_before(current, hand, ply)
            moves.append(ps.ReviewedMove(ply, frame, ps.coach_note(found, frame + 1)))
        return ps.HandReview(hand, asked=True, moves=tuple(moves))

    def _hand_end(self, current: Game) -> ps.HandEnd:
        result = current.state.results[-1]
        return ps.HandEnd(result.hand, current.over, pw.winner_text(current),
                          ps.residue_line(current, result.hand),
                          pw.breakdown(result, current.setup.players),
                          ps.next_caption(current), self._hand_review(current, result.hand))

    def _replay(self, current: Game) -> ps.ReplayScreen | None:
        hands = tuple(finished_hands(current))
        if not hands:
            return None
        chosen = self.memory.get(REPLAY_HAND)
        hand = chosen if chosen in hands else hands[-1]
        frames = hand_frames(current, hand)
        last = len(frames) - 1
        at = min(max(int(self.memory.get(REPLAY_AT) or 0), 0), last)
        frame = frames[at]
        reason = ""
        if frame.ply is not None and frame.ply.seat != YOU:
            reason = self.reason(frame.ply.number)
        coming_note = None
        coming = frames[at + 1].ply if at < last else None
        if coming is not None and self.memory.get(HAND_REVIEW) == hand:
            found = (self._reviews(current, hand) or {}).get(coming.number)
            if found is not None:  # the move about to be played from this table
                coming_note = ps.coach_note(found, at + 1)
        return ps.ReplayScreen(hands, hand, at, last, current.hand_over, frame.note, reason,
                               coming_note, ps.replay_seats(current, frame),
                               table_position(frame.state), ps.replay_piles(current, frame))

    # ----- the game screen -----------------------------------------------------------------

    def notice(self) -> Notice | None:
        """What is said about the last click (also on the set-up screen)."""
        return self.memory.typed(MESSAGE, Notice)

    def _side(self, current: Game) -> ps.LearnerSide:
        """Under the table: the coach's note only while the table is the one the
        learner's move left (after the computer's move it belongs to the past)."""
        found = self.memory.typed(REVIEW, CoachAt)
        just_now = current.ply - 1
        shown = self._hint(current) if current.your_turn else None
        return ps.LearnerSide(
            current.position(), current.your_turn, ps.hand_title(current), self.notice(),
            ps.coach_note(found.review) if found is not None and found.ply == just_now
            else None,
            self.memory.get(REVIEW_FAILED) == just_now,
            ps.HintShown(words.move(shown.advice.move),
                         words.said(shown.advice.said, shown.advice.reason))
            if shown is not None else None)

    def _said(self, line: pw.LogLine, current: Game) -> ps.Said:
        """A move since the learner's last; that move carries the coach's note once
        the computer has played after it (the table under it has changed)."""
        if line.computer and line.ply is not None:
            return ps.Said(line.text, self.reason(line.ply))
        found = self.memory.typed(REVIEW, CoachAt)
        if found is not None and line.ply == found.ply and current.ply > found.ply + 1:
            return ps.Said(line.text, coach=ps.coach_note(found.review))
        return ps.Said(line.text)

    def _log(self, current: Game) -> tuple[ps.LogRow, ...]:
        why = self.memory.get(WHY)
        rows = []
        for line in pw.log_lines(current, current.state.hand_number):
            if line.kind != LogKind.MOVE or line.ply is None:
                rows.append(ps.LogRow(line.text, move=False, why_ply=None, reason=None))
            elif not line.computer:
                rows.append(ps.LogRow(line.text, move=True, why_ply=None, reason=None))
            else:
                opened = (self.reason(line.ply) or t("play.no_reason")) if why == line.ply else None
                rows.append(ps.LogRow(line.text, move=True, why_ply=line.ply, reason=opened))
        return tuple(rows)

    def screen(self) -> ps.GameScreen | None:
        """The game as the page draws it; None when there is none (the set-up form)."""
        current = self.game
        if current is None:
            return None
        computer = ps.ComputerPanel(ps.waiting_for(current), current.your_turn, self.coach_on,
                                    tuple(self._said(line, current)
                                          for line in pw.since_your_move(current)))
        return ps.GameScreen(
            ps.header(current), ps.scores(current), ps.stacks(current), computer,
            self._log(current), ps.seats(current),
            None if current.hand_over else self._side(current),
            self._hand_end(current) if current.hand_over else None,
            self._replay(current), self.pacing, self._count(current))


def _setup_words(said: Said) -> str:
    """Why Start was refused, in this drawing's language. A refusal with words of its own
    (a setting that needs another, 1.5) says them; one without, in another language than
    English, says the choices do not go together rather than the notation box's "cannot
    read" (there is no notation on this form)."""
    if (isinstance(said, NotationError) and not said.code
            and language() != DEFAULT_LANGUAGE):
        return t("play.setup_refused")
    return worded(said)


def _worded(note: object) -> str:
    """A remembered explanation in this run's language: a phrase, or a catalogue key."""
    if isinstance(note, Phrase):
        return words.said(note)
    return t(note) if isinstance(note, str) else t("play.no_reason")
