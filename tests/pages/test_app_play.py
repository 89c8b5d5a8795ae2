"""The Play page: set up a game, move by clicking, the judge's words for an illegal
try, the computer's replies with their reasons, hints, the end of a hand with the
score breakdown, the end of the game, the replay, and a reload carrying on."""

from __future__ import annotations

from pathlib import Path

from apphelpers import click, new_app, open_page, play_until, sign_in, texts
from streamlit.testing.v1 import AppTest

from engine import BUILD, CAPTURE, Move
from engine.advice import explain, hint, review
from tutorial_app.flows.play import game as pg
from tutorial_app.flows.play import replay as pr
from tutorial_app.flows.play import words as pw
from tutorial_app.flows.play.game import YOU, Game, Setup
from tutorial_app.services.store import ProgressStore
from tutorial_app.words import words
from tutorial_app.words.i18n import t

SEED = 2024


def said(at: AppTest) -> str:
    """Everything the page says, with Markdown's escaping backslashes taken out."""
    return texts(at).replace("\\", "")


def game_of(at: AppTest) -> Game:
    found = at.session_state["play.game"]
    assert isinstance(found, Game)
    return found


def start_game(at: AppTest, players: int = 2, levels: tuple[int, ...] = (1,),
               target: str = "hand", seed: int = SEED) -> Game:
    """Fill in the set-up form and press Start."""
    at.radio(key="play.players").set_value(players).run()
    for seat, level in enumerate(levels, start=1):
        at.selectbox(key=f"play.level.{seat}").set_value(level)
    at.selectbox(key="play.target").set_value(target)
    at.number_input(key="play.seed").set_value(seed)
    at.run()
    click(at, "play-start")
    return game_of(at)


def signed_in(app: AppTest, name: str = "Ana") -> AppTest:
    open_page(app, "play")
    return sign_in(app, name)


def play_by_clicking(at: AppTest, move: Move) -> None:
    """Click the hand card, the table cards and builds, then the move's button."""
    click(at, f"cb-play-h-{move.card}")
    for card in move.loose:
        click(at, f"cb-play-t-{card}")
    if move.kind == CAPTURE:
        for build in move.builds:
            click(at, f"cb-play-b{build.value}-{''.join(str(c) for c in build.cards)}")
        click(at, "play-capture")
    elif move.kind == BUILD:
        for build in move.builds:
            click(at, f"cb-play-b{build.value}-{''.join(str(c) for c in build.cards)}")
        click(at, f"play-build-{move.value}")  # the button states the value
    else:
        click(at, "play-trail")


def a_capture_or_a_trail(game: Game) -> Move:
    moves = list(game.state.legal_moves())
    return next((m for m in moves if m.kind == CAPTURE and not m.builds),
                next(m for m in moves if m.kind == "trail"))


def save_for(db: Path, name: str, game: Game) -> None:
    store = ProgressStore(db)
    store.save_game(store.learner(name).id, game.to_json())


def last_card_of_the_hand(game: Game) -> bool:
    state = game.state
    return game.your_turn and not state.stock and len(state.hands[YOU]) == 1


def test_the_page_asks_for_a_name_then_shows_the_set_up(app: AppTest) -> None:
    open_page(app, "play")
    assert "Who is learning?" in texts(app)
    sign_in(app)
    assert "A new game" in texts(app)
    assert app.radio(key="play.players").options == [
        "2 — head to head", "3 — each for themselves",
        "4 — two partnerships (your partner is a computer)"]
    assert app.number_input(key="play.seed").value >= 100_000  # a random seed, shown
    levels = app.selectbox(key="play.level.1").options
    assert levels[0].startswith("Level 1: random")


def test_a_legal_move_by_clicking_then_the_computer_replies(app: AppTest) -> None:
    signed_in(app)
    game = start_game(app)
    assert game.your_turn and game.setup == Setup(2, (1,), pg.make_rules("classic", {},
                                                                         "hand"), SEED)
    assert "Your turn." in texts(app)
    move = a_capture_or_a_trail(game)
    play_by_clicking(app, move)
    assert app.success and f"You played: {words.move(move)}." in said(app)
    after = game_of(app)
    assert after.state.moves == (move,) and after.computer_turn
    assert f"cb-play-h-{move.card}" not in [b.key for b in app.button]
    assert "**The computer (level 1)** is to play." in said(app)
    # the computer's reply, with the reason for it
    click(app, "play-continue")
    replied = game_of(app)
    reply = replied.state.moves[1]
    assert replied.your_turn
    page = said(app)
    assert f"The computer: {words.move(reply)}" in page
    assert t("play.random_move") in page  # level 1 plays at random, and says so
    assert f"You: {words.move(move)}" in page


def test_an_illegal_move_is_explained_in_the_judges_words(app: AppTest) -> None:
    signed_in(app)
    game = start_game(app)
    hand, table = game.position().hand, game.position().loose
    card, other = next((h, c) for h in hand for c in table
                       if c.rank != h.rank and not c.is_court and not h.is_court)
    click(app, f"cb-play-h-{card}")
    click(app, f"cb-play-t-{other}")
    click(app, "play-capture")
    assert app.error, texts(app)
    message = app.error[0].value.replace("\\", "")
    assert other.pretty in message and card.pretty in message
    assert "Traceback" not in texts(app) and not app.exception
    assert game_of(app).state.moves == ()  # nothing was played


def test_a_hint_shows_the_move_and_why_and_can_select_its_cards(app: AppTest) -> None:
    signed_in(app)
    game = start_game(app, levels=(3,))
    click(app, "play-hint")
    advice = hint(game.state, YOU)
    page = said(app)
    assert f"Hint: **{words.move(advice.move)}**" in page
    assert advice.reason[:40] in page
    click(app, "play-hint-select")
    if advice.move.kind == CAPTURE:
        click(app, "play-capture")
    elif advice.move.kind == BUILD:
        click(app, f"play-build-{advice.move.value}")
    else:
        click(app, "play-trail")
    assert game_of(app).state.moves == (advice.move,)
    assert "play-hint-box" not in str(app.main)  # the hint is gone after the move


def test_the_coach_names_a_clearly_better_move_and_can_be_turned_off(app: AppTest) -> None:
    signed_in(app)
    game = start_game(app)
    trails = [m for m in game.state.legal_moves() if m.kind == "trail"]
    found = next(r for r in (review(game.state, m) for m in trails) if r is not None)
    play_by_clicking(app, found.played)
    page = said(app)
    assert f"**Coach:** instead of *{words.move(found.played, 'noun')}*, " \
           f"**{words.move(found.better, 'noun')}** was stronger" in page
    assert f"about {found.better_value:+.1f} points" in page and found.reason[:40] in page
    click(app, "play-continue")
    assert "**Coach:**" in said(app)  # kept until the learner's next move
    app.toggle(key="play.coach_toggle").set_value(False).run()
    game = game_of(app)
    poor = next(m for m in game.state.legal_moves() if review(game.state, m) is not None)
    play_by_clicking(app, poor)
    assert "**Coach:**" not in said(app)  # switched off: no note, even on a poor move
    assert game_of(app).state.moves[-1] == poor
    click(app, "play-abandon")  # a new game keeps the choice
    start_game(app)
    assert app.toggle(key="play.coach_toggle").value is False


def test_any_computer_move_in_the_log_can_be_explained(app: AppTest) -> None:
    signed_in(app)
    game = start_game(app, levels=(2,))
    for _ in range(2):
        play_by_clicking(app, a_capture_or_a_trail(game_of(app)))
        click(app, "play-continue")
    game = game_of(app)
    click(app, "play-why-1")
    reason = explain(pr.state_before(game, 1), game.state.moves[1])
    assert any(reason[:40] in i.value.replace("\\", "") for i in app.info)
    click(app, "play-why-1")  # a second click closes it
    assert not any(reason[:40] in i.value.replace("\\", "") for i in app.info)


def test_the_end_of_a_hand_shows_the_breakdown_then_the_next_hand(app: AppTest,
                                                                  db: Path) -> None:
    near = play_until(Game.start(Setup(2, (1,), pg.make_rules("classic"), SEED)),
                      last_card_of_the_hand)
    save_for(db, "Ana", near)
    signed_in(app, "Ana")
    assert game_of(app) == near  # carried on from the store
    play_by_clicking(app, near.state.legal_moves()[0])
    click(app, "play-continue")  # the dealer plays the last card of the hand
    ended = game_of(app)
    assert ended.hand_over and not ended.over
    assert "Hand 1 is over" in texts(app)
    (table,) = app.table
    frame = table.value
    labels = list(frame["Points for"])
    for label in ("cards taken (count)", "most cards", "spades", "big casino (10♦)",
                  "little casino (2♠)", "aces", "sweeps", "points this hand", "game total"):
        assert label in labels
    result = ended.state.results[0]
    assert list(frame["You"])[labels.index("points this hand")] == result.scores[0].total
    assert list(frame["The computer"])[labels.index("game total")] == result.totals[1]
    assert "The first to reach 21 points wins the game." in texts(app)
    # the hand can be replayed with every card shown
    click(app, "replay-forward")
    first = near.state.moves[0]
    assert f"You: {words.move(first)}" in said(app)
    bodies = "".join(str(h.proto.body) for h in app.get("html"))
    replayed = pr.hand_frames(ended, 1)[1].state
    for seat in (0, 1):
        assert all(card.name in bodies for card in replayed.hands[seat])
    click(app, "replay-forward")  # the computer's reply, with its reason
    reply = near.state.moves[1]
    assert f"The computer: {words.move(reply)}" in said(app)
    assert t("play.random_move") in said(app)
    click(app, "play-next-hand")
    second = game_of(app)
    assert second.state.hand_number == 2 and second.computer_turn
    assert "Hand 2 · deal 1 of 6" in said(app)


def finish_the_first_hand(app: AppTest, db: Path, name: str, setup: Setup) -> Game:
    """A game kept at the learner's last card of the hand, carried on by the page:
    the learner plays it and the computer the hand's last card."""
    near = play_until(Game.start(setup), last_card_of_the_hand)
    save_for(db, name, near)
    signed_in(app, name)
    play_by_clicking(app, near.state.legal_moves()[0])
    click(app, "play-continue")
    return game_of(app)


def test_the_coach_reviews_a_finished_hand_on_request(app: AppTest, db: Path) -> None:
    ended = finish_the_first_hand(app, db, "Ana", Setup(2, (1,), pg.make_rules("classic"), SEED))
    assert ended.hand_over and "play-coach-1" not in str(app.main)  # only when asked
    click(app, "play-coach-review")
    notes = pr.coach_notes(ended, 1)
    assert notes, "first-legal play leaves the coach something to say"
    page = said(app)
    assert f"The coach would change {len(notes)} of your moves in this hand:" in page
    for ply, found in notes.items():
        number = pr.frame_before(ended, 1, ply) + 1  # counted within the hand, as the replay
        assert f"**Move {number}:** instead of *{words.move(found.played, 'noun')}*, " \
               f"**{words.move(found.better, 'noun')}** was stronger" in page
    first = min(notes)
    click(app, f"play-coach-replay-{first}")
    at = app.session_state["play.replay.at"]
    assert at == pr.frame_before(ended, 1, first)
    assert any(f"Move {at + 1}:" in i.value for i in app.info)  # shown by the replay


def test_a_single_hand_game_ends_with_the_winner(app: AppTest, db: Path) -> None:
    over = finish_the_first_hand(app, db, "Bo",
                                 Setup(2, (1,), pg.make_rules("classic", {}, "hand"), 7))
    assert over.over and "The game is over" in texts(app)
    assert pw.winner_text(over) in said(app)
    assert app.metric[0].value == str(over.state.totals[0])
    click(app, "play-again")  # the same deals again
    again = game_of(app)
    assert again.state == Game.start(over.setup).state


def test_a_reload_carries_on_with_the_game(app: AppTest, db: Path) -> None:
    signed_in(app, "Cy")
    start_game(app, players=3, levels=(1, 2), target="21", seed=99)
    play_by_clicking(app, a_capture_or_a_trail(game_of(app)))
    click(app, "play-continue")
    before = game_of(app)
    assert len(before.state.moves) == 2
    # a new visit: the page is loaded again and the learner gives their name
    again = new_app()
    open_page(again, "play")
    sign_in(again, "cy")
    restored = game_of(again)
    assert restored == before
    assert restored.computer_turn and "**Computer 2 (level 2)** is to play." in said(again)
    click(again, "play-continue")
    assert game_of(again).your_turn
    assert all(f"cb-play-h-{c}" in [b.key for b in again.button]
               for c in game_of(again).position().hand)


def test_two_tabs_of_one_learner_never_overwrite_each_others_moves(app: AppTest) -> None:
    signed_in(app, "Di")
    start_game(app, players=2, levels=(1,), target="21", seed=7)
    other = new_app()  # the same learner in a second tab
    open_page(other, "play")
    sign_in(other, "Di")
    assert game_of(other) == game_of(app)
    play_by_clicking(app, a_capture_or_a_trail(game_of(app)))  # the first tab plays
    ahead = game_of(app)
    assert len(ahead.state.moves) == 1
    play_by_clicking(other, a_capture_or_a_trail(game_of(other)))  # the second, behind
    assert "played on in another tab" in said(other)
    assert game_of(other) == ahead  # it now shows the first tab's game, move for move
    click(other, "play-continue")  # and plays on from there, kept as usual
    assert len(game_of(other).state.moves) == 2
    again = new_app()
    open_page(again, "play")
    sign_in(again, "di")
    assert game_of(again) == game_of(other)


def test_four_players_with_a_computer_partner(app: AppTest) -> None:
    signed_in(app)
    game = start_game(app, players=4, levels=(1, 3, 2), target="21")
    assert game.setup.levels == (1, 3, 2)
    bodies = "".join(str(h.proto.body) for h in app.get("html"))
    assert "Your partner (level 3)" in bodies and "Computer 3 (level 2)" in bodies
    assert [m.label for m in app.metric] == ["You and your partner", "Computers 1 and 3"]
    assert "Your side" in bodies and "Computers 1 + 3" in bodies  # the captured piles


def test_a_new_game_leaves_the_old_one(app: AppTest, db: Path) -> None:
    signed_in(app, "Di")
    start_game(app)
    store = ProgressStore(db)
    me = store.learners()[0].id
    assert store.saved_game(me) is not None
    click(app, "play-abandon")
    assert "A new game" in texts(app) and store.saved_game(me) is None


def test_a_broken_saved_game_is_explained_not_crashed(app: AppTest, db: Path) -> None:
    store = ProgressStore(db)
    store.save_game(store.learner("Ed").id, '{"setup": "<script>alert(1)</script>"}')
    signed_in(app, "Ed")
    assert app.error and "could not be restored" in app.error[0].value
    assert "<script" not in texts(app)
    assert "A new game" in texts(app)


def test_settings_that_do_not_go_together_are_refused(app: AppTest) -> None:
    signed_in(app)
    app.toggle(key="play.custom").set_value(True).run()
    app.selectbox(key="play.rule.ace_high").set_value("true").run()
    click(app, "play-start")
    assert app.error and "“Aces high” needs" in app.error[0].value.replace("\\", "")
    assert app.session_state["play.game"] is None


def test_a_preset_brings_its_target(app: AppTest) -> None:
    signed_in(app)
    app.selectbox(key="play.preset").set_value("spade").run()
    assert app.selectbox(key="play.target").value == "61"
    game = start_game(app, target="61")
    assert game.setup.rules.scoring == "spades" and game.setup.rules.target == 61


def test_the_computer_can_play_by_itself(app: AppTest) -> None:
    """The pace toggle draws a timed fragment; here it runs once and moves nothing."""
    signed_in(app)
    game = start_game(app)
    app.toggle(key="play.auto").set_value(True).run()
    play_by_clicking(app, a_capture_or_a_trail(game))
    assert not app.exception and game_of(app).computer_turn
    assert app.toggle(key="play.auto").value

