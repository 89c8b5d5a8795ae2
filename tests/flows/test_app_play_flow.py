"""The Play page's plain logic: set-up, the learner's and the computer's moves, saving
and restoring a game, the log, the score breakdown and the replay of a finished hand."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from apphelpers import play_until

from engine import CassinoError, Rules, full_deck
from engine.advice import review
from engine.game import GameState
from tutorial_app.flows.play import game as pg
from tutorial_app.flows.play import replay as pr
from tutorial_app.flows.play import words as pw
from tutorial_app.flows.play.game import YOU, Game, NotYourTurnError, SavedGameError, Setup
from tutorial_app.words.i18n import english

SINGLE_HAND = pg.make_rules("classic", target="hand")


def test_rules_from_a_preset_settings_and_a_target() -> None:
    assert pg.make_rules("classic") == Rules()
    assert pg.make_rules("spade").target == 61
    assert pg.make_rules("classic", target="hand").target is None
    royal = pg.make_rules("royal", {"ace_high": "true"}, "11")
    assert royal.ace_high and royal.target == 11
    with pytest.raises(CassinoError):
        pg.make_rules("classic", {"ace_high": "true"})
    with pytest.raises(CassinoError):
        pg.make_rules("no-such-preset")
    assert pg.target_text(Rules()) == "21" and pg.target_text(SINGLE_HAND) == "hand"


def test_a_setup_needs_one_level_per_computer_seat() -> None:
    assert pg.levels_for(4, {1: 3, 3: 1}) == (3, pg.DEFAULT_LEVEL, 1)
    with pytest.raises(SavedGameError):
        Setup(3, (1,))
    with pytest.raises(SavedGameError):
        Setup(2, (9,))
    with pytest.raises(SavedGameError):
        Setup(5, (1, 1, 1, 1))
    setup = Setup(4, (1, 2, 3), seed=5)
    assert setup.level(YOU) is None and setup.level(3) == 3
    assert Setup.from_dict(setup.to_dict()) == setup


def test_the_learner_leads_the_first_hand_and_the_judge_answers_tries() -> None:
    game = Game.start(Setup(2, (1,), SINGLE_HAND, 11))
    assert game.your_turn and not game.computer_turn
    assert len(game.position().hand) == 4 and len(game.position().loose) == 4
    card = game.position().hand[0]
    missing = next(c for c in full_deck() if c not in game.state.hands[YOU])
    same, verdict = game.attempt(f"{missing} t")
    assert same is game and not verdict.legal and missing.pretty in verdict.message
    after, verdict = game.attempt(f"{card} t")
    assert verdict.legal and after.computer_turn and card in after.state.loose
    # not the learner's turn now: refused as such, not as a judge's verdict
    with pytest.raises(NotYourTurnError):
        after.attempt(f"{after.position().hand[0]} t")


def test_computer_moves_are_seeded_by_the_game() -> None:
    game = Game.start(Setup(2, (4,), SINGLE_HAND, 3))
    game, _ = game.attempt(game.state.legal_moves()[0].as_attempt())
    assert game.computer_move() == game.computer_move()
    assert game.advance().state == game.advance().state
    with pytest.raises(CassinoError):
        game.advance().computer_move()  # the learner's turn again


def test_a_whole_single_hand_game_is_scored_and_won() -> None:
    game = play_until(Game.start(Setup(2, (1,), SINGLE_HAND, 2024)))
    assert game.over and game.hand_over and not game.in_play
    (result,) = game.state.results
    table = pw.breakdown(result, 2)
    assert table.sides == ("You", "The computer")
    labels = [label for label, _ in table.rows]
    assert {"most cards", "big casino (10♦)", "little casino (2♠)", "aces", "sweeps"} <= set(
        labels)
    counts = dict(table.rows)
    assert sum(counts["cards taken (count)"]) == 52
    assert counts["points this hand"] == tuple(s.total for s in result.scores)
    columns = table.as_columns("Points for")
    assert columns["Points for"] == labels and len(columns["You"]) == len(labels)
    winner = pw.winner_text(game)
    assert winner in ("You win the game!", "The computer won the game. Play again?")
    kinds = [line.kind for line in pw.log_lines(game)]
    assert kinds[0] == "deal" and kinds[-1] == "score" and kinds.count("move") == 48


def test_a_hand_ends_and_the_next_one_starts_with_the_deal_passed_on() -> None:
    game = play_until(Game.start(Setup(3, (1, 1), seed=8)), lambda g: g.hand_over)
    assert not game.over and pr.finished_hands(game) == [1]
    second = game.next_hand()
    assert second.state.hand_number == 2 and second.state.to_move == 1  # dealer was seat 2
    assert second.computer_turn


def test_saving_and_restoring_a_game_in_the_middle_and_between_hands() -> None:
    game = play_until(Game.start(Setup(2, (2,), seed=77)),
                      lambda g: len(g.state.moves) == 15)
    again = Game.from_json(game.to_json())
    assert again == game and again.state.log == game.state.log
    ended = play_until(game, lambda g: g.hand_over)
    started = ended.next_hand()
    assert Game.from_json(ended.to_json()).hand_over
    restored = Game.from_json(started.to_json())
    assert restored.state.hand_number == 2 and not restored.hand_over
    assert restored.state.hands == started.state.hands


@pytest.mark.parametrize("record", [
    "", "not json", "{}", json.dumps({"setup": {"players": 2}}),
    json.dumps({"setup": {"players": 2, "levels": [1], "rules": "classic", "seed": 1},
                "game": {"players": 3, "rules": "classic", "seed": 1, "moves": []}}),
    json.dumps({"setup": {"players": 2, "levels": [1], "rules": "classic", "seed": 1},
                "game": {"players": 2, "rules": "classic", "seed": 1, "moves": ["Zz t"]}}),
    json.dumps({"setup": {"players": 2, "levels": [7], "rules": "classic", "seed": 1},
                "game": {"players": 2, "rules": "classic", "seed": 1, "moves": []}}),
    "x" * (pg.MAX_RECORD + 1),
])
def test_a_broken_record_is_refused_with_a_reason(record: str) -> None:
    with pytest.raises(SavedGameError):
        Game.from_json(record)


def test_an_illegal_move_in_a_record_is_refused() -> None:
    game = Game.start(Setup(2, (1,), seed=4))
    data = json.loads(game.to_json())
    missing = next(c for c in full_deck() if c not in game.state.hands[YOU])
    data["game"]["moves"] = [f"{missing} t"]
    with pytest.raises(SavedGameError):
        Game.from_json(json.dumps(data))


def test_the_log_names_the_seats_and_what_they_did() -> None:
    game = play_until(Game.start(Setup(2, (1,), seed=9)), lambda g: len(g.state.moves) == 2)
    lines = pw.log_lines(game)
    assert lines[0].text.startswith("Hand 1: the first deal")
    first, second = (line for line in lines if line.kind == "move")
    assert first.text.startswith("You: ") and not first.computer and first.ply == 0
    assert second.text.startswith("The computer: ") and second.computer and second.ply == 1
    assert pw.since_your_move(game) == [first, second]
    game = play_until(game, lambda g: len(g.state.moves) == 3)
    assert [line.ply for line in pw.since_your_move(game)] == [2]


def test_seats_sides_and_piles_with_four_players() -> None:
    assert [pw.seat_name(s, 4) for s in range(4)] == [
        "You", "Computer 1", "Your partner", "Computer 3"]
    assert pw.seat_name(1, 2, level=2) == "The computer (level 2)"
    assert pw.side_name(0, 4) == "You and your partner"
    assert pw.side_name(1, 4) == "Computers 1 and 3"
    assert pw.side_name(2, 3) == "Computer 2" and pw.pile_caption(1, 2) == "The computer's pile"
    assert pw.pile_caption(0, 4) == "Your side"
    game = play_until(Game.start(Setup(4, (1, 1, 1), SINGLE_HAND, 31)))
    assert game.over
    assert pw.winner_text(game) in ("You and your partner win the game!",
                                    "Computers 1 and 3 won the game. Play again?")
    assert pw.breakdown(game.state.results[0], 4).sides == ("You and your partner",
                                                                "Computers 1 and 3")


def test_the_deal_and_the_rules_in_words() -> None:
    game = Game.start(Setup(2, (1,), seed=1))
    assert pw.deal_text(game.state) == "deal 1 of 6"
    assert pw.rules_text(game.setup.rules) == "Classic, game to 21"
    assert pw.rules_text(SINGLE_HAND) == "Classic, one hand decides"
    # presets, settings and values in the learner's words, never notation
    from engine import Rules
    from tutorial_app.words.i18n import using
    with using("it"):
        said = pw.rules_text(Rules.parse("royal ace_high=true sweeps=off"))
    assert said == "Royal Cassino, assi alti; Scope: no, partita a 21"
    assert "ace_high" not in said and "true" not in said
    last = play_until(game, lambda g: g.state.deal_number == 6)
    assert pw.deal_text(last.state) == "deal 6 of 6, the last"
    assert pw.cards_held(1) == "holds 1 card"


def test_replaying_a_finished_hand_shows_every_hand_step_by_step() -> None:
    game = play_until(Game.start(Setup(3, (1, 2), seed=5)), lambda g: g.hand_over)
    game = play_until(game.next_hand(), lambda g: len(g.state.moves) == 52)
    frames = pr.hand_frames(game, 1)
    assert len(frames) == 49  # the deal, then 48 moves (3 players x 4 deals x 4 cards)
    start = frames[0]
    assert start.ply is None and start.note == "Hand 1: the first deal"
    assert [len(h) for h in start.state.hands] == [4, 4, 4] and len(start.state.loose) == 4
    for frame in frames:
        state = frame.state
        held = sum(len(h) for h in state.hands) + len(state.stock)
        table = len(state.loose) + sum(len(b.cards) for b in state.builds)
        assert held + table + sum(len(p) for p in state.piles) == 52
    assert frames[1].note.startswith("You: ")
    assert "(then deal 2)" in frames[12].note
    assert frames[-1].note.endswith("the end of the hand") and frames[-1].state.hand_over
    assert pr.hand_frames(game, 3) == ()
    # the state before any move is the game as it was then
    ply = frames[7].ply
    assert ply is not None and pr.state_before(game, ply.number) == frames[6].state
    assert pr.table_position(frames[6].state).hand == ()


def test_replay_agrees_with_the_game() -> None:
    game = play_until(Game.start(Setup(2, (3,), seed=12)), lambda g: len(g.state.moves) == 30)
    plies = pr.game_plies(game)
    assert len(plies) == 30 and plies[-1].after == game.state
    assert isinstance(plies[0].before, GameState) and plies[0].seat == YOU


def test_the_coach_reviews_every_learner_move_of_a_hand_and_only_those() -> None:
    game = play_until(Game.start(Setup(2, (2,), pg.make_rules("classic"), 11)),
                      lambda g: g.hand_over)
    later = play_until(game.next_hand(), lambda g: len(g.state.moves) > len(game.state.moves) + 3)
    notes = pr.coach_notes(game, 1)
    assert pr.coach_notes(later, 1) == notes  # later moves change nothing
    mine = [p for p in pr.game_plies(game) if p.seat == YOU]
    assert set(notes) <= {p.number for p in mine} and notes, "first-legal play has slips"
    for ply in mine:
        assert notes.get(ply.number) == review(ply.before, ply.move)
    for number in notes:
        frame = pr.hand_frames(game, 1)[pr.frame_before(game, 1, number)]
        assert frame.state == pr.state_before(game, number)  # the table the move was made on


def test_every_play_text_key_is_in_the_catalogue() -> None:
    root = Path(pg.__file__).parents[2]
    used: set[str] = set()
    paths = [*(root / "flows" / "play").glob("*.py"), root / "views" / "play.py",
             root / "ui" / "play_parts.py"]
    assert len(paths) >= 6
    for path in paths:
        used |= set(re.findall(r'\bt\(\s*"([a-z0-9._-]+)"', path.read_text(encoding="utf-8")))
    used |= {"play.deal_of", "play.deal_last", "play.log.deal", "play.log.deal_last",
             *(f"play.players.{n}" for n in (2, 3, 4)),
             *(f"play.level.{n}" for n in range(1, 5)),
             *(f"play.level_short.{n}" for n in range(1, 5)),
             *(f"play.item.{i}" for i in ("cards", "spades", "big_casino", "little_casino",
                                          "aces", "sweeps"))}
    assert used and not used - english().keys()
