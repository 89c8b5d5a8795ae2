"""The Play page's controller without Streamlit: a dict for the session state and a
real progress store. Every click is a method call; what the page would draw is read
from the screen dataclasses."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest
from apphelpers import play_until

from engine import BUILD, CAPTURE, REASON_CODES, TRAIL, CassinoError, Move, full_deck
from engine.advice import explain, hint, review
from tutorial_app.flows.moveinput import Selection
from tutorial_app.flows.page import Tone
from tutorial_app.flows.play import PlayController
from tutorial_app.flows.play import controller as flow
from tutorial_app.flows.play import replay as pr
from tutorial_app.flows.play import screens as ps
from tutorial_app.flows.play.game import YOU, Game, Setup, make_rules
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import t, using

SEED = 2024
SINGLE_HAND = make_rules("classic", target="hand")


@pytest.fixture
def ana(store: ProgressStore) -> int:
    return store.learner("Ana").id


def controller(store: ProgressStore, learner: int,
               memory: dict[str, Any] | None = None) -> PlayController:
    return PlayController({} if memory is None else memory, store, learner)


def started(store: ProgressStore, learner: int, players: int = 2,
            levels: tuple[int, ...] = (1,), target: str = "hand",
            seed: int = SEED) -> tuple[PlayController, dict[str, Any]]:
    """The set-up form filled in, then "Start the game"."""
    memory: dict[str, Any] = {"play.players": players, "play.target": target,
                              "play.seed": seed}
    memory.update({f"play.level.{seat}": level for seat, level in enumerate(levels, start=1)})
    play = controller(store, learner, memory)
    play.start()
    return play, memory


def the_game(play: PlayController) -> Game:
    found = play.game
    assert found is not None
    return found


def the_screen(play: PlayController) -> ps.GameScreen:
    found = play.screen()
    assert found is not None
    return found


def the_side(play: PlayController) -> ps.LearnerSide:
    side = the_screen(play).side
    assert side is not None
    return side


def kept(store: ProgressStore, learner: int) -> Game:
    saved = store.saved_game(learner)
    assert saved is not None
    return Game.from_json(saved.game)


def a_capture_or_a_trail(game: Game) -> Move:
    moves = list(game.state.legal_moves())
    return next((m for m in moves if m.kind == CAPTURE and not m.builds),
                next(m for m in moves if m.kind == TRAIL))


def last_card_of_the_hand(game: Game) -> bool:
    state = game.state
    return game.your_turn and not state.stock and len(state.hands[YOU]) == 1


# ----- setting up ------------------------------------------------------------------------


def test_the_set_up_form_starts_filled_in_and_names_the_seats(store: ProgressStore,
                                                             ana: int) -> None:
    memory: dict[str, Any] = {}
    play = controller(store, ana, memory)
    assert play.screen() is None and play.notice() is None
    form = play.setup_screen()
    assert memory["play.seed"] >= 100_000 and memory["play.target"] == "21"
    assert form.players.values == (2, 3, 4)
    assert form.players.label(4) == "4 — two partnerships (your partner is a computer)"
    assert [pick.name for pick in form.seats] == ["The computer"]
    assert form.levels.label(1).startswith("Level 1: random")
    assert form.targets.label("hand") == "a single hand" and form.targets.label("61") == (
        "61 points")
    assert form.error is None
    memory["play.players"] = 4
    assert [pick.name for pick in play.setup_screen().seats] == [
        "Computer 1", "Your partner", "Computer 3"]


def test_a_preset_brings_its_target_and_settings(store: ProgressStore, ana: int) -> None:
    memory: dict[str, Any] = {"play.preset": "spade"}
    play = controller(store, ana, memory)
    play.follow_preset()
    assert memory["play.target"] == "61" and memory["play.rule.scoring"] == "spades"
    play.start()
    assert the_game(play).setup.rules == make_rules("spade")


def test_settings_that_do_not_go_together_are_refused(store: ProgressStore, ana: int) -> None:
    memory: dict[str, Any] = {"play.custom": True, "play.rule.ace_high": "true"}
    play = controller(store, ana, memory)
    play.start()
    assert play.game is None and store.saved_game(ana) is None
    error = play.setup_screen().error
    assert error is not None and "Aces high" in error and "J 11, Q 12, K 13" in error
    memory["play.rule.ace_high"] = "false"
    play.start()
    assert play.game is not None and play.setup_screen().error is None


def test_a_refused_set_up_is_worded_in_the_language_of_the_drawing(
        store: ProgressStore, ana: int) -> None:
    """The refusal is kept as the engine's error, not its English: a learner who
    switches language before the form is drawn again reads it in the new one."""
    memory: dict[str, Any] = {"play.custom": True, "play.rule.ace_high": "true"}
    play = controller(store, ana, memory)
    play.start()
    assert not isinstance(memory["play.setup_error"], str)
    english = play.setup_screen().error
    with pytest.raises(CassinoError) as caught:
        make_rules("classic", {"ace_high": "true"})
    assert english == words.error(caught.value) and english is not None
    # the rule it breaks, in words: no setting's notation name
    assert english == t("notation.rules-ace-high") and "ace_high" not in english
    assert "Aces high" in english and "1.5" in english
    with using("es"):
        spanish = controller(store, ana, memory).setup_screen().error
        assert spanish == t("notation.rules-ace-high") != t("play.setup_refused")
        assert "Ases altos" in spanish
    assert spanish != english and "ace_high" not in spanish


def test_a_set_up_no_widget_gives_is_refused_in_the_language_of_the_drawing(
        store: ProgressStore, ana: int) -> None:
    memory: dict[str, Any] = {"play.seed": "not a number"}
    play = controller(store, ana, memory)
    play.start()
    assert play.game is None and not isinstance(memory["play.setup_error"], str)
    assert play.setup_screen().error == t("play.setup_refused")
    with using("it"):
        italian = controller(store, ana, memory).setup_screen().error
        assert italian == t("play.setup_refused")
    assert italian != t("play.setup_refused")


def test_a_kept_game_that_cannot_be_restored_is_told_in_the_language_of_the_drawing(
        store: ProgressStore, ana: int) -> None:
    store.save_game(ana, '{"setup": "<script>alert(1)</script>"}')
    memory: dict[str, Any] = {}
    controller(store, ana, memory)
    assert not isinstance(memory["play.message"].said, str)
    with using("pt-BR"):
        notice = controller(store, ana, memory).notice()
        assert notice is not None
        portuguese = notice.text
        assert portuguese == t("play.restore_failed")
    assert portuguese != notice.text == t("play.restore_failed")


def test_a_replayed_move_that_deals_or_ends_the_hand_is_one_whole_sentence() -> None:
    """Each case is its own catalogue entry, worded when the replay is drawn: no piece
    of a sentence is added to another."""
    game = play_until(Game.start(Setup(2, (1,), SINGLE_HAND, SEED)), lambda g: g.hand_over)
    with using("pt-BR"):
        frames = pr.hand_frames(game, 1)
    dealt = [f for f in frames if f.ply is not None
             and f.ply.after.deal_number != f.ply.before.deal_number]
    assert len(dealt) == 5  # six deals of a two-player hand (2.3)
    for frame in (*dealt, frames[-1]):
        ply = frame.ply
        assert ply is not None
        sweep = "_sweep" if ply.sweep else ""
        with using("pt-BR"):
            fields = {"who": t("play.you") if ply.seat == YOU else t("play.computer"),
                      "move": words.move(ply.move)}
            if ply.after.hand_over:
                expected = t(f"play.replay.move{sweep}_end", **fields)
            else:
                expected = t(f"play.replay.move{sweep}_deal", n=ply.after.deal_number,
                             **fields)
        assert frame.note == expected
    assert frames[-1].note.endswith("o fim da mão")
    assert any("(depois a distribuição 2)" in f.note for f in dealt)
    english = pr.hand_frames(game, 1)
    assert english[-1].note.endswith("the end of the hand")
    assert [f.note for f in english[1:]] != [f.note for f in frames[1:]]


def test_starting_a_two_player_game_with_a_seed(store: ProgressStore, ana: int) -> None:
    play, _ = started(store, ana, seed=SEED)
    game = the_game(play)
    assert game.setup == Setup(2, (1,), SINGLE_HAND, SEED) and game.your_turn
    assert kept(store, ana) == game
    screen = the_screen(play)
    assert screen.header.facts == "Hand 1 · deal 1 of 6 · Classic, one hand decides"
    assert screen.header.seed == f"seed {SEED}"  # shown only under "Advanced"
    assert [(s.side, s.total) for s in screen.scores] == [("You", 0), ("The computer", 0)]
    (seat,) = screen.seats
    assert seat == ps.Seat("The computer (level 1)", "Level 1 · random", seat.level_name, 4,
                           "holds 4 cards", False)
    assert dict(screen.stacks.counts) == {"Your pile": 0, "The computer's pile": 0, "Stock": 40}
    assert screen.computer.your_turn and screen.computer.waiting_for is None
    assert screen.computer.recent == () and screen.end is None and screen.replay is None
    side = the_side(play)
    assert side.your_turn and side.hand_title == "Your hand — your turn"
    assert side.position == game.position() and side.hint is None and side.notice is None


# ----- moves ---------------------------------------------------------------------------


def test_a_legal_move_is_played_kept_and_said(store: ProgressStore, ana: int) -> None:
    play, memory = started(store, ana)
    game = the_game(play)
    move = a_capture_or_a_trail(game)
    memory["play.sel"] = Selection(move.card)  # what the board had selected
    play.move(move.as_attempt())
    after = the_game(play)
    assert after.state.moves == (move,) and after.computer_turn
    assert kept(store, ana) == after
    assert "play.sel" not in memory  # the selection is cleared for the next move
    side = the_side(play)
    assert side.notice is not None and side.notice.tone == Tone.PLAYED
    assert side.notice.text == f"You played: {words.move(move)}."
    assert not side.your_turn and side.hand_title == "Your hand"
    computer = the_screen(play).computer
    assert computer.waiting_for == "The computer (level 1)" and not computer.your_turn
    assert computer.recent == (ps.Said(f"You: {words.move(move)}"),)


def test_an_illegal_move_is_refused_in_the_judges_words(store: ProgressStore,
                                                       ana: int) -> None:
    play, _ = started(store, ana)
    game = the_game(play)
    hand, table = game.position().hand, game.position().loose
    card, other = next((h, c) for h in hand for c in table
                       if c.rank != h.rank and not c.is_court and not h.is_court)
    verdict = game.attempt(f"{card} x {other}")[1]
    assert not verdict.legal and verdict.code in REASON_CODES
    play.move(Selection(card, frozenset({other})).attempt(CAPTURE, None))
    notice = the_side(play).notice
    assert notice is not None and notice.tone == Tone.REFUSED and notice.rule == verdict.rule
    assert notice.text == verdict.message
    assert card.pretty in notice.text and other.pretty in notice.text
    assert the_game(play) == game and kept(store, ana) == game  # nothing was played


def test_a_move_when_it_is_not_the_learners_turn_is_refused_by_the_page(
        store: ProgressStore, ana: int) -> None:
    play, _ = started(store, ana)
    play.move(a_capture_or_a_trail(the_game(play)).as_attempt())
    waiting = the_game(play)
    assert waiting.computer_turn
    play.move(waiting.state.legal_moves()[0].as_attempt())  # e.g. a second, late click
    assert the_game(play) == waiting and kept(store, ana) == waiting
    notice = the_side(play).notice
    assert notice is not None and notice.tone == Tone.REFUSED
    assert notice.text == t("play.not_your_turn")
    assert t("play.not_your_turn") == "It is not your turn."


def test_no_page_invents_a_judges_verdict() -> None:
    """Every reason code the app shows comes from the judge (engine.REASON_CODES)."""
    root = Path(flow.__file__).parents[2]  # tutorial_app/
    made = [f"{path.relative_to(root)}:{n}" for path in root.rglob("*.py")
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if re.search(r"\bVerdict\(", line)]
    assert not made
    assert "not-your-turn" not in REASON_CODES


def test_the_computer_replies_with_the_reason_for_its_move(store: ProgressStore,
                                                          ana: int) -> None:
    play, _ = started(store, ana, levels=(2,))
    move = a_capture_or_a_trail(the_game(play))
    play.move(move.as_attempt())
    before = the_game(play)
    play.advance()
    after = the_game(play)
    reply = after.state.moves[1]
    assert after.your_turn and kept(store, ana) == after
    reason = explain(before.state, reply)
    side = the_side(play)
    assert side.notice is None  # "You played" is gone once the computer has moved
    assert the_screen(play).computer.recent == (
        ps.Said(f"You: {words.move(move)}"), ps.Said(f"The computer: {words.move(reply)}", reason))
    play.advance()  # the learner's turn: Continue does nothing
    assert the_game(play) == after


def test_the_computer_plays_by_itself_at_the_pace(store: ProgressStore, ana: int) -> None:
    play, memory = started(store, ana)
    play.move(a_capture_or_a_trail(the_game(play)).as_attempt())
    assert not play.pacing and not the_screen(play).pacing
    memory["play.auto"] = True
    assert play.pacing and the_screen(play).pacing
    play.pace_start()
    assert not play.pace_tick()  # the first beat leaves the move just shown up
    assert len(the_game(play).state.moves) == 1
    assert play.pace_tick()  # the next one plays
    assert the_game(play).your_turn and not play.pacing
    assert not play.pace_tick()  # nothing to do on the learner's turn


# ----- help ----------------------------------------------------------------------------


def test_a_hint_shows_the_move_and_can_select_its_cards(store: ProgressStore,
                                                       ana: int) -> None:
    play, memory = started(store, ana, levels=(3,))
    game = the_game(play)
    play.ask_hint()
    advice = hint(game.state, YOU)
    assert the_side(play).hint == ps.HintShown(words.move(advice.move), advice.reason)
    play.use_hint()
    move = advice.move
    chosen = memory["play.sel"]
    assert chosen == Selection(move.card, frozenset(move.loose), frozenset(move.builds))
    if move.kind == BUILD:
        assert memory["play.value"] == move.value and memory["play.value_for"] == chosen
    play.move(chosen.attempt(move.kind, move.value if move.kind == BUILD else None))
    assert the_game(play).state.moves == (move,)
    assert the_side(play).hint is None  # gone after the move


def test_the_coach_names_a_clearly_better_move_and_can_be_turned_off(
        store: ProgressStore, ana: int) -> None:
    play, memory = started(store, ana, levels=(2,))
    game = the_game(play)
    trails = [m for m in game.state.legal_moves() if m.kind == TRAIL]
    found = next(r for r in (review(game.state, m) for m in trails) if r is not None)
    play.move(found.played.as_attempt())
    note = the_side(play).coach
    assert note == ps.coach_note(found)
    # both moves named as plays ("instead of trailing 2♦, taking 2♣ with 2♦ was stronger")
    assert (note.played, note.better) == (words.move(found.played, "noun"),
                                          words.move(found.better, "noun"))
    assert note.played == f"trailing {found.played.card.pretty}"
    assert note.better_points == f"{found.better_value:+.1f}"
    assert [said.coach for said in the_screen(play).computer.recent] == [None]
    play.advance()
    # The computer has moved: the table under the note is not the one it spoke of, so
    # the note goes with the learner's move in the list of moves since.
    assert the_side(play).coach is None
    recent = the_screen(play).computer.recent
    assert recent[0].coach == note and recent[0].text.startswith("You")
    assert all(said.coach is None for said in recent[1:])
    assert the_screen(play).computer.coach_on
    memory["play.coach_toggle"] = False  # the toggle, then its callback
    play.coach_toggled()
    assert not the_screen(play).computer.coach_on
    game = the_game(play)
    poor = next(m for m in game.state.legal_moves() if review(game.state, m) is not None)
    play.move(poor.as_attempt())
    assert the_side(play).coach is None and the_game(play).state.moves[-1] == poor
    play.abandon()  # a new game keeps the choice
    play.start()
    assert not the_screen(play).computer.coach_on


def test_any_computer_move_in_the_log_can_be_explained(store: ProgressStore,
                                                      ana: int) -> None:
    play, _ = started(store, ana, levels=(2,))
    for _ in range(2):
        play.move(a_capture_or_a_trail(the_game(play)).as_attempt())
        play.advance()
    game = the_game(play)
    moves = [row for row in the_screen(play).log if row.move]
    assert [row.why_ply for row in moves] == [None, 1, None, 3]  # computer moves only
    assert all(row.reason is None for row in moves)
    play.ask_why(1)
    opened = [row for row in the_screen(play).log if row.reason is not None]
    assert [row.why_ply for row in opened] == [1]
    assert opened[0].reason == explain(pr.state_before(game, 1), game.state.moves[1])
    play.ask_why(1)  # a second click closes it
    assert all(row.reason is None for row in the_screen(play).log)


def test_a_failed_explanation_is_logged_and_said(store: ProgressStore, ana: int,
                                                monkeypatch: pytest.MonkeyPatch,
                                                caplog: pytest.LogCaptureFixture) -> None:
    def broken(*_: object) -> str:
        raise CassinoError("no words for this")

    monkeypatch.setattr(flow, "explain_phrase", broken)
    play, _ = started(store, ana, levels=(2,))  # level 1 gives no reason: it plays at random
    play.move(a_capture_or_a_trail(the_game(play)).as_attempt())
    with caplog.at_level(logging.ERROR, logger="tutorial_app.flows.play"):
        play.advance()
    assert "no explanation for move 1" in caplog.text and "no words for this" in caplog.text
    assert the_screen(play).computer.recent[-1].reason == t("play.no_reason")
    assert the_game(play).your_turn  # the move itself was played and kept
    assert kept(store, ana) == the_game(play)


def test_a_failed_coach_review_is_logged_and_said(store: ProgressStore, ana: int,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    def broken(*_: object) -> None:
        raise CassinoError("the coach is out")

    monkeypatch.setattr(flow, "review", broken)
    play, _ = started(store, ana)
    move = a_capture_or_a_trail(the_game(play))
    with caplog.at_level(logging.ERROR, logger="tutorial_app.flows.play"):
        play.move(move.as_attempt())
    assert "the coach is out" in caplog.text
    side = the_side(play)
    assert side.coach is None and side.coach_failed
    assert the_game(play).state.moves == (move,)


# ----- hands and games -------------------------------------------------------------------


def finish_the_first_hand(store: ProgressStore, learner: int,
                          setup: Setup) -> PlayController:
    """A game kept at the learner's last card of the hand, carried on by the page:
    the learner plays it and the computer the hand's last card."""
    near = play_until(Game.start(setup), last_card_of_the_hand)
    store.save_game(learner, near.to_json())
    play = controller(store, learner)
    assert play.game == near
    play.move(near.state.legal_moves()[0].as_attempt())
    play.advance()
    return play


def test_the_end_of_a_hand_its_review_its_replay_and_the_next_hand(store: ProgressStore,
                                                                  ana: int) -> None:
    play = finish_the_first_hand(store, ana, Setup(2, (1,), make_rules("classic"), SEED))
    ended = the_game(play)
    assert ended.hand_over and not ended.over
    screen = the_screen(play)
    end = screen.end
    assert end is not None and screen.side is None
    assert end.hand == 1 and not end.over and end.winner == ""
    assert end.table.sides == ("You", "The computer")
    assert end.next_caption == "The first to reach 21 points wins the game."
    assert end.review == ps.HandReview(1, asked=False)
    # the coach's review, on request
    play.ask_hand_review(1)
    review_of_hand = the_screen(play).end
    assert review_of_hand is not None
    notes = pr.coach_notes(ended, 1)
    assert notes, "first-legal play leaves the coach something to say"
    moves = review_of_hand.review.moves
    assert [m.ply for m in moves] == list(notes)
    for reviewed in moves:
        assert reviewed.frame == pr.frame_before(ended, 1, reviewed.ply)
        assert reviewed.note == ps.coach_note(notes[reviewed.ply], reviewed.frame + 1)
    # the replay: expanded at the end of a hand, every hand face up
    replay = the_screen(play).replay
    assert replay is not None and replay.expanded and replay.hands == (1,)
    assert (replay.at, replay.last) == (0, 48) and replay.note == "Hand 1: the first deal"
    frames = pr.hand_frames(ended, 1)
    assert [seat.cards for seat in replay.seats] == [tuple(h) for h in frames[0].state.hands]
    play.replay_step(2)  # after the computer's first move: its reason
    replay = the_screen(play).replay
    assert replay is not None and replay.at == 2
    # the computer here is level 1, which plays at random and says so
    assert replay.reason == t("play.random_move")
    first = moves[0]
    play.show_in_replay(1, first.frame)
    replay = the_screen(play).replay
    assert replay is not None and replay.at == first.frame
    assert replay.coming == first.note  # the move about to be played, as the coach sees it
    play.replay_step(99)  # beyond the end: the last frame
    replay = the_screen(play).replay
    assert replay is not None and replay.at == 48 and replay.coming is None
    # the next hand
    play.next_hand()
    second = the_game(play)
    assert second.state.hand_number == 2 and second.computer_turn
    assert kept(store, ana) == second
    screen = the_screen(play)
    assert screen.end is None and screen.header.facts.startswith("Hand 2 · deal 1 of 6")
    replay = screen.replay
    assert replay is not None and not replay.expanded and replay.at == 0


def test_a_single_hand_game_ends_with_the_winner_and_can_be_played_again(
        store: ProgressStore, ana: int) -> None:
    play = finish_the_first_hand(store, ana, Setup(2, (1,), SINGLE_HAND, 7))
    over = the_game(play)
    end = the_screen(play).end
    assert over.over and end is not None and end.over
    assert end.winner in ("You win the game!", "The computer won the game. Play again?")
    play.next_hand()  # no next hand after the end of the game
    assert the_game(play) == over
    play.play_again()  # the same deals again
    assert the_game(play).state == Game.start(over.setup).state
    assert kept(store, ana) == the_game(play)


def test_abandoning_forgets_the_game_here_and_in_the_store(store: ProgressStore,
                                                          ana: int) -> None:
    play, memory = started(store, ana, seed=5)
    play.abandon()
    assert play.screen() is None and store.saved_game(ana) is None
    assert memory["play.seed"] >= 100_000  # a fresh random seed for the next set-up


def test_four_players_name_the_partner_and_the_sides(store: ProgressStore, ana: int) -> None:
    play, _ = started(store, ana, players=4, levels=(1, 3, 2), target="21")
    screen = the_screen(play)
    assert [seat.name for seat in screen.seats] == [
        "Computer 1 (level 1)", "Your partner (level 3)", "Computer 3 (level 2)"]
    assert [seat.level_tag for seat in screen.seats][1].startswith("Level 3")
    assert [score.side for score in screen.scores] == ["You and your partner", "Computers 1 and 3"]
    assert [caption for caption, _ in screen.stacks.counts] == [
        "Your side", "Computers 1 + 3", "Stock"]


# ----- keeping the game ------------------------------------------------------------------


def test_a_reload_carries_on_with_the_kept_game(store: ProgressStore, ana: int) -> None:
    play, _ = started(store, ana, players=3, levels=(1, 2), target="21", seed=99)
    play.move(a_capture_or_a_trail(the_game(play)).as_attempt())
    play.advance()
    before = the_game(play)
    again = controller(store, ana)  # a reload: a new session, the same store
    assert again.game == before
    assert the_screen(again).computer.waiting_for == "Computer 2 (level 2)"
    again.advance()
    assert the_game(again).your_turn and kept(store, ana) == the_game(again)
    other = controller(store, store.learner("Bo").id)  # another learner has no game
    assert other.game is None


def test_two_tabs_of_one_learner_never_overwrite_each_others_moves(store: ProgressStore,
                                                                  ana: int) -> None:
    first, _ = started(store, ana, seed=7, target="21")
    second = controller(store, ana)  # the same learner in a second tab
    assert second.game == first.game
    first.move(a_capture_or_a_trail(the_game(first)).as_attempt())
    ahead = the_game(first)
    second.move(a_capture_or_a_trail(the_game(second)).as_attempt())  # behind: refused
    assert the_game(second) == ahead  # it now shows the first tab's game, move for move
    notice = the_side(second).notice
    assert notice is not None and notice.tone == Tone.REFUSED
    assert "played on in another tab" in notice.text
    assert kept(store, ana) == ahead
    second.advance()  # and plays on from there, kept as usual
    assert len(the_game(second).state.moves) == 2 and kept(store, ana) == the_game(second)
    first.advance()  # the first tab is behind now: its Continue is refused the same way
    assert the_game(first) == the_game(second) == kept(store, ana)
    notice = the_side(first).notice
    assert notice is not None and "played on in another tab" in notice.text


def test_a_kept_game_that_cannot_be_restored_is_logged_said_and_kept(
        store: ProgressStore, ana: int, caplog: pytest.LogCaptureFixture) -> None:
    record = '{"setup": "<script>alert(1)</script>"}'
    store.save_game(ana, record)
    with caplog.at_level(logging.WARNING, logger="tutorial_app.flows.play"):
        play = controller(store, ana)
    assert play.screen() is None
    notice = play.notice()
    assert notice is not None and notice.tone == Tone.REFUSED
    assert notice.text == "Your saved game could not be restored. Start a new one."
    assert f"kept game of learner {ana}" in caplog.text and "cannot be rebuilt" in caplog.text
    assert "cannot be rebuilt" not in notice.text  # the engine's English is for the log
    assert store.saved_game(ana).game == record  # nothing lost until a new game replaces it
    play.start()
    assert play.notice() is None and kept(store, ana) == the_game(play)


def test_every_card_move_is_kept_in_the_record(store: ProgressStore, ana: int) -> None:
    """A whole single hand by clicks alone: what the store keeps is the game shown."""
    play, _ = started(store, ana, seed=31)
    for _ in range(200):
        game = the_game(play)
        if game.hand_over:
            break
        if game.your_turn:
            play.move(game.state.legal_moves()[0].as_attempt())
        else:
            play.advance()
    game = the_game(play)
    assert game.over and kept(store, ana) == game
    assert sum(len(p) for p in game.state.piles) == len(full_deck())


def test_a_store_that_fails_to_keep_the_game_is_said_in_the_language_drawn(
        store: ProgressStore, ana: int, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """The notice keeps the catalogue key, not the sentence: a learner who switches
    language after the failure reads it in the new language."""
    import sqlite3

    from tutorial_app.words import i18n
    play, _ = started(store, ana, seed=7, target="21")

    def broken(*_: object, **__: object) -> int:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "save_game", broken)
    with caplog.at_level(logging.ERROR):
        play.move(a_capture_or_a_trail(the_game(play)).as_attempt())
    assert "keeping the game" in caplog.text
    notice = the_side(play).notice
    assert notice is not None and notice.tone == Tone.REFUSED
    english = notice.text
    assert english == t("store.unavailable", setting=flow.faults.DB_VARIABLE)
    with i18n.using("es"):
        assert notice.text != english and notice.text == t(
            "store.unavailable", setting=flow.faults.DB_VARIABLE)
