"""Play: a whole game of Cassino against computer players.

Screen, set-up: how many players (2 head to head, 3 each for themselves, 4 in
partnerships with a computer partner), the level of each computer seat, the
rules (a preset, or individual settings), the target, and the seed (random,
shown, so a game can be played again); "Start the game".

Screen, game: the hand, the deal ("last" marked), the rules and the seed; the
running totals. On the left the other seats with their cards face down, the
table with its builds, the learner's hand, the Capture / Build / Trail
buttons, the judge's words for an illegal try, and Hint. On the right the
captured piles and the stock, the computer's moves one at a time (Continue,
or by themselves at a reading pace) each with why it was made, and the game
log, where any computer move can be explained.

At the end of a hand: the score item by item for each side, the totals, and
"Next hand"; at the end of the game, the winner. A finished hand can be
replayed move by move with every hand shown. The game is kept for the
learner in the progress store, so a reloaded page carries on.
"""

from __future__ import annotations

import secrets
from html import escape
from typing import Final

import streamlit as st

from engine import PRESETS, Attempt, CassinoError, Move
from engine.advice import Advice, Review, explain, hint, review
from engine.game import GameState
from engine.players import LEVELS
from tutorial_app.course import words
from tutorial_app.course.i18n import t
from tutorial_app.flows import play as pf
from tutorial_app.flows.moveinput import Selection
from tutorial_app.flows.play import YOU, Game, SavedGameError, Setup
from tutorial_app.services.store import StaleGameError
from tutorial_app.ui import board, rules_picker, safe_text, session
from tutorial_app.ui import card_svg as svg
from tutorial_app.ui.css import PLAY_CSS

SCOPE: Final = "play"
GAME: Final = "play.game"
OWNER: Final = "play.owner"
REVISION: Final = "play.revision"  # of the kept game, as this tab last saw it
MESSAGE: Final = "play.message"
HINT: Final = "play.hint"
WHY: Final = "play.why"
NOTES: Final = "play.notes"
AUTO: Final = "play.auto"
COACH: Final = "play.coach"  # the learner's choice, kept while the toggle is not drawn
COACH_TOGGLE: Final = "play.coach_toggle"
REVIEW: Final = "play.review"  # the coach's note on the learner's last move
HAND_REVIEW: Final = "play.hand_review"  # the finished hand the coach was asked to review
TICK: Final = "play.tick"
REPLAY_HAND: Final = "play.replay.hand"
REPLAY_AT: Final = "play.replay.at"
PACE_SECONDS: Final = 1.6
PILE_HEIGHT: Final = 122  # four stacks (3 players and the stock) in the side column
CHOICES_FOR_LEVEL: Final = sorted(LEVELS)


# ----- state -----------------------------------------------------------------------------


def game() -> Game | None:
    value = st.session_state.get(GAME)
    return value if isinstance(value, Game) else None


def keep(learner_id: int, new: Game | None, *, fresh: bool = False) -> None:
    """The game for this session and, so a reload carries on, for the learner's store.

    A move is kept only if the stored game is still the one this tab last saw
    (`fresh` games replace whatever was kept). If another tab or window has played
    on meanwhile, its game is the one kept, and this tab is shown it with a word
    of why, rather than overwriting its moves.
    """
    st.session_state[GAME] = new
    st.session_state[OWNER] = learner_id
    store = session.store()
    if new is None:
        store.drop_game(learner_id)
        st.session_state.pop(REVISION, None)
        return
    expected = None if fresh else st.session_state.get(REVISION)
    try:
        st.session_state[REVISION] = store.save_game(learner_id, new.to_json(), expected)
    except StaleGameError:
        take_up_kept_game(learner_id)
        st.session_state[MESSAGE] = ("error", t("play.stale"))


def fresh_start() -> None:
    """Forget everything about the last game shown (messages, hints, notes, replay)."""
    for key in (MESSAGE, HINT, WHY, NOTES, REPLAY_HAND, REPLAY_AT, REVIEW, HAND_REVIEW):
        st.session_state.pop(key, None)
    board.clear(SCOPE)


def restore(learner_id: int) -> None:
    """Once per learner and session: carry on with the game kept in the store."""
    if st.session_state.get(OWNER) == learner_id:
        return
    take_up_kept_game(learner_id)


def take_up_kept_game(learner_id: int) -> None:
    """Show the game kept in the store (or none), forgetting what this tab showed."""
    fresh_start()
    st.session_state[OWNER] = learner_id
    st.session_state[GAME] = None
    st.session_state.pop(REVISION, None)
    saved = session.store().saved_game(learner_id)
    if saved is None:
        return
    try:
        st.session_state[GAME] = Game.from_json(saved.game)
        st.session_state[REVISION] = saved.revision
    except SavedGameError as error:
        session.store().drop_game(learner_id)
        st.session_state[MESSAGE] = ("error", t("play.restore_failed", why=str(error)))


def note_for(current: Game, ply: int) -> str:
    """Why the computer made move number `ply` (worked out once, then remembered)."""
    notes: dict[int, str] = st.session_state.setdefault(NOTES, {})
    if ply not in notes:
        try:
            notes[ply] = explain(pf.state_before(current, ply), current.state.moves[ply])
        except CassinoError:  # never a traceback on the page: the move simply goes unexplained
            notes[ply] = ""
    return notes[ply]


# ----- callbacks -------------------------------------------------------------------------


def start(learner_id: int) -> None:
    try:
        setup = setup_from_form()
    except (CassinoError, ValueError) as error:
        st.session_state["play.setup_error"] = str(error)
        return
    st.session_state.pop("play.setup_error", None)
    fresh_start()
    keep(learner_id, Game.start(setup), fresh=True)


def play_again(learner_id: int, current: Game) -> None:
    """The same players, levels, rules and seed: the same deals again."""
    fresh_start()
    keep(learner_id, Game.start(current.setup), fresh=True)


def abandon(learner_id: int) -> None:
    fresh_start()
    keep(learner_id, None)
    st.session_state["play.seed"] = new_seed()


def learner_move(learner_id: int, attempt: Attempt) -> None:
    current = game()
    if current is None:
        return
    after, verdict = current.attempt(attempt)
    if not verdict.legal or verdict.move is None:
        st.session_state[MESSAGE] = ("error", verdict.message
                                     + board.rule_note(verdict.message, verdict.rule))
        return
    sweep = after.state.log[len(current.state.log)].sweep
    played = t("play.you_played", move=words.move(verdict.move))
    st.session_state[MESSAGE] = ("played", played + (t("play.log.sweep") if sweep else ""))
    st.session_state[REVIEW] = coach(current.state, verdict.move)
    st.session_state.pop(HINT, None)
    board.clear(SCOPE)
    keep(learner_id, after)


def coach_toggled() -> None:
    # A widget's own state is dropped on a page without it (the set-up screen), so
    # the choice lives under a key of its own and outlasts the game.
    st.session_state[COACH] = bool(st.session_state[COACH_TOGGLE])


def coach(state: GameState, move: Move) -> Review | None:
    """The coach's word on the learner's move, when the toggle is on."""
    if not st.session_state.get(COACH, True):
        return None
    try:
        return review(state, move)
    except CassinoError:
        return None


def advance(learner_id: int) -> None:
    """One computer move, with the reason for it."""
    current = game()
    if current is None or not current.computer_turn:
        return
    after = current.advance()
    notes: dict[int, str] = st.session_state.setdefault(NOTES, {})
    try:
        notes[current.ply] = explain(current.state, after.state.moves[current.ply])
    except CassinoError:
        notes[current.ply] = ""
    st.session_state.pop(MESSAGE, None)
    keep(learner_id, after)


def next_hand(learner_id: int) -> None:
    current = game()
    if current is None or not current.hand_over or current.over:
        return
    fresh_start()
    keep(learner_id, current.next_hand())


def ask_hint() -> None:
    current = game()
    if current is None or not current.your_turn:
        return
    st.session_state[HINT] = (current.ply, hint(current.state, YOU))


def use_hint(advice: Advice) -> None:
    """Put the hint's cards into the selection: the learner still presses the button."""
    move = advice.move
    board.set_selection(SCOPE, Selection(move.card, frozenset(move.loose),
                                         frozenset(move.builds)))
    if move.kind == "build" and move.value is not None:
        st.session_state[f"{SCOPE}.value"] = move.value
        st.session_state[f"{SCOPE}.value_for"] = board.selection(SCOPE)


def ask_why(ply: int) -> None:
    st.session_state[WHY] = None if st.session_state.get(WHY) == ply else ply


def replay_step(to: int) -> None:
    st.session_state[REPLAY_AT] = to


def ask_hand_review(hand: int) -> None:
    st.session_state[HAND_REVIEW] = hand


def show_in_replay(hand: int, at: int) -> None:
    st.session_state[REPLAY_HAND] = hand
    st.session_state[REPLAY_AT] = at


# ----- the set-up form ---------------------------------------------------------------------


def new_seed() -> int:
    return secrets.randbelow(900_000) + 100_000


def follow_preset() -> None:
    """A preset brings its own target (Spade Casino plays to 61) and settings."""
    rules = PRESETS[str(st.session_state.get("play.preset", "classic"))]
    st.session_state["play.target"] = pf.target_text(rules)
    rules_picker.show_rules("play.rule", rules)


def roll_seed() -> None:
    st.session_state["play.seed"] = new_seed()


def setup_from_form() -> Setup:
    players = int(st.session_state.get("play.players", 2))
    chosen = {seat: int(st.session_state.get(f"play.level.{seat}", pf.DEFAULT_LEVEL))
              for seat in range(1, players)}
    preset = str(st.session_state.get("play.preset", "classic"))
    changes: dict[str, str] = {}
    if st.session_state.get("play.custom"):
        changes = rules_picker.chosen_settings("play.rule", skip=("target",))
    rules = pf.make_rules(preset, changes, str(st.session_state.get("play.target", "21")))
    seed = int(st.session_state.get("play.seed") or new_seed())
    return Setup(players, pf.levels_for(players, chosen), rules, seed)


def players_label(players: int) -> str:
    return t(f"play.players.{players}")


def setup_screen(learner_id: int) -> None:
    st.title(t("play.title"))
    st.caption(t("play.intro"))
    st.session_state.setdefault("play.seed", new_seed())
    st.session_state.setdefault("play.target", "21")
    with st.container(border=True, key="play-setup"):
        st.subheader(t("play.setup"))
        st.radio(t("play.players"), [2, 3, 4], key="play.players", format_func=players_label)
        players = int(st.session_state.get("play.players", 2))
        st.markdown(t("play.opponents"))
        with st.container(horizontal=True, gap="medium", key="play-levels"):
            for seat in range(1, players):
                st.selectbox(pf.seat_name(seat, players), CHOICES_FOR_LEVEL,
                             index=CHOICES_FOR_LEVEL.index(pf.DEFAULT_LEVEL),
                             key=f"play.level.{seat}", width=300,
                             format_func=lambda n: t("play.level_choice", n=n,
                                                     name=pf.level_name(n)))
        left, right = st.columns(2, gap="large")
        with left:
            rules_picker.preset_select("play.preset", t("play.preset"), follow_preset)
            st.selectbox(t("play.target"), list(pf.TARGETS), key="play.target",
                         format_func=lambda v: (t("play.target.hand") if v == "hand"
                                                else t("play.target.points", n=v)))
        with right:
            with st.container(horizontal=True, vertical_alignment="bottom"):
                st.number_input(t("play.seed"), min_value=0, max_value=2**31 - 1, step=1,
                                key="play.seed", help=t("play.seed_help"))
                st.button(t("play.new_seed"), key="play-roll", on_click=roll_seed,
                          icon=":material/casino:")
            rules_picker.setting_selects(
                "play.rule", "play.custom", t("play.custom"), skip=("target",),
                defaults=PRESETS[str(st.session_state.get("play.preset", "classic"))])
        problem = st.session_state.get("play.setup_error")
        if problem:
            st.error(safe_text.plain(problem), icon=":material/block:")
        st.button(t("play.start"), key="play-start", type="primary", on_click=start,
                  args=(learner_id,), icon=":material/play_arrow:")


# ----- pieces of the game screen -------------------------------------------------------------


def header(current: Game) -> None:
    state = current.state
    with st.container(horizontal=True, vertical_alignment="center", key="play-head"):
        st.title(t("play.title"), width="content")
        with st.popover(t("play.new_game"), icon=":material/restart_alt:", key="play-new"):
            if current.over:
                st.caption(t("play.new_game_after"))
            else:
                st.warning(t("play.abandon_confirm"), icon=":material/warning:")
            st.button(t("play.abandon_yes"), key="play-abandon", type="primary",
                      on_click=abandon, args=(st.session_state[OWNER],))
    facts = [t("play.hand_n", n=state.hand_number), pf.deal_text(state),
             pf.rules_text(current.setup.rules), t("play.seed_shown", seed=current.setup.seed)]
    st.caption(safe_text.plain(" · ".join(facts)))


def scores(current: Game) -> None:
    """The running totals, one box per side."""
    with st.container(horizontal=True, gap="small", key="play-scores"):
        for side, total in enumerate(current.state.totals):
            st.metric(pf.side_name(side, current.setup.players), total, border=True,
                      width="stretch")


def seats_row(current: Game) -> None:
    """The other players: name, level, how many cards they hold (face down)."""
    state = current.state
    players = current.setup.players
    boxes = []
    for seat in range(1, players):
        level = current.setup.level(seat) or 0
        count = len(state.hands[seat])
        backs = "".join(svg.img_tag(svg.back_svg(), "", 54, "ct-back")
                        for _ in range(count))
        turn = current.in_play and state.to_move == seat
        status = t("play.to_play") if turn else pf.cards_held(count)
        boxes.append(
            f'<div class="ct-seat{" ct-turn" if turn else ""}" '
            f'aria-label="{escape(pf.seat_name(seat, players))}: {escape(status)}">'
            f'<div class="ct-seat-name">{escape(pf.seat_name(seat, players))}</div>'
            f'<div class="ct-seat-level" title="{escape(pf.level_name(level))}">'
            f'{escape(pf.level_tag(level))}</div>'
            f'<div class="ct-backs">{backs or "&nbsp;"}</div>'
            f'<div class="ct-seat-level">{escape(status)}</div></div>')
    st.html(f'<div class="ct-seats">{"".join(boxes)}</div>')


def piles_and_stock(current: Game) -> None:
    state = current.state
    players = current.setup.players
    counts = {pf.pile_caption(side, players): len(pile)
              for side, pile in enumerate(state.piles)}
    counts[t("play.stock")] = len(state.stock)
    board.piles(counts, height=PILE_HEIGHT if len(counts) > 3 else None)
    sweeps = [f"{pf.side_name(side, players)}: {n}" for side, n in enumerate(state.sweeps) if n]
    line = [t("play.deal_caption", deal=pf.deal_text(state))]
    if sweeps:
        line.append(t("play.sweeps", list=", ".join(sweeps)))
    st.caption(safe_text.plain(" · ".join(line)))


def message_box() -> None:
    message = st.session_state.get(MESSAGE)
    if not message:
        return
    kind, text = message
    if kind == "played":
        st.success(safe_text.plain(text), icon=":material/check_circle:")
    else:
        st.error(safe_text.plain(text), icon=":material/block:")


def coach_box() -> None:
    """A clearly stronger move than the learner's last one, kept until their next move."""
    found: Review | None = st.session_state.get(REVIEW)
    if found is None:
        return
    with st.container(border=True, key="play-coach"):
        st.markdown(t("play.coach_note", **review_words(found)))
        st.caption(safe_text.plain(found.reason))


def hint_box(current: Game) -> None:
    shown = st.session_state.get(HINT)
    if not current.your_turn:
        return
    if shown is None or shown[0] != current.ply:
        st.button(t("play.hint"), key="play-hint", on_click=ask_hint,
                  icon=":material/lightbulb:", help=t("play.hint_help"))
        return
    advice: Advice = shown[1]
    with st.container(border=True, key="play-hint-box"):
        st.markdown(t("play.hint_move", move=safe_text.plain(words.move(advice.move))))
        st.caption(safe_text.plain(advice.reason))
        st.button(t("play.hint_select"), key="play-hint-select", on_click=use_hint,
                  args=(advice,), icon=":material/touch_app:", type="tertiary")


def your_side(current: Game) -> None:
    """The table, the learner's hand and the move buttons."""
    position = current.position()
    look = board.BoardLook(interactive=current.your_turn, you=YOU)
    board.table(position, SCOPE, look)
    title = t("play.your_hand_turn") if current.your_turn else t("board.your_hand")
    board.hand(position, SCOPE, look, title=title)
    if current.your_turn:
        board.action_bar(current.state.position(),
                         SCOPE, lambda attempt: learner_move(st.session_state[OWNER], attempt))
    message_box()
    coach_box()
    hint_box(current)


def pacer(learner_id: int) -> None:
    """Computer moves by themselves, one every PACE_SECONDS, while the toggle is on."""
    st.session_state[TICK] = 0

    @st.fragment(run_every=PACE_SECONDS)
    def tick() -> None:
        st.session_state[TICK] = int(st.session_state.get(TICK, 0)) + 1
        current = game()
        if st.session_state[TICK] > 1 and current is not None and current.computer_turn:
            advance(learner_id)
            st.rerun()

    tick()


def computer_panel(current: Game, learner_id: int) -> None:
    """Whose turn it is, Continue, and the computer's latest moves with their reasons."""
    players = current.setup.players
    with st.container(border=True, key="play-computer"):
        if current.computer_turn:
            who = pf.seat_name(current.state.to_move, players)
            st.markdown(t("play.waiting", who=safe_text.plain(who)))
            st.button(t("play.continue"), key="play-continue", type="primary",
                      on_click=advance, args=(learner_id,), icon=":material/skip_next:")
            if st.session_state.get(AUTO):
                pacer(learner_id)
        elif current.your_turn:
            st.markdown(t("play.your_turn"))
        # always drawn, so the choice is kept while it is the learner's turn
        st.toggle(t("play.auto"), key=AUTO, help=t("play.auto_help"))
        st.toggle(t("play.coach"), key=COACH_TOGGLE, value=bool(st.session_state.get(COACH, True)),
                  help=t("play.coach_help"), on_change=coach_toggled)
        recent = pf.since_your_move(current)
        if not recent:
            st.caption(t("play.no_computer_moves"))
        for line in recent:
            st.markdown(f"**{safe_text.plain(line.text)}**")
            reason = note_for(current, line.ply) if line.computer and line.ply is not None else ""
            if reason:
                st.caption(safe_text.plain(reason))


def game_log(current: Game) -> None:
    """This hand's log; a computer move can be explained with its "Why?" button."""
    why = st.session_state.get(WHY)
    with (st.expander(t("play.log"), icon=":material/list:", expanded=False),
          st.container(height=360, key="play-log", autoscroll=True)):
        for line in pf.log_lines(current, current.state.hand_number):
            if line.kind != "move":
                st.caption(safe_text.plain(line.text))
                continue
            with st.container(horizontal=True, vertical_alignment="center", gap="small"):
                st.markdown(safe_text.plain(line.text), width="content")
                if line.computer and line.ply is not None:
                    st.button(t("play.why"), key=f"play-why-{line.ply}", type="tertiary",
                              on_click=ask_why, args=(line.ply,),
                              icon=":material/help:")
            if line.ply is not None and why == line.ply:
                st.info(safe_text.plain(note_for(current, line.ply) or t("play.no_reason")),
                        icon=":material/psychology:")


def hand_result(current: Game) -> None:
    """The end of a hand: the score item by item, the totals, and Next hand or the winner."""
    state = current.state
    result = state.results[-1]
    players = current.setup.players
    with st.container(border=True, key="play-result"):
        if current.over:
            st.subheader(t("play.game_over"))
            st.success(safe_text.plain(pf.winner_text(current)), icon=":material/emoji_events:")
        else:
            st.subheader(t("play.hand_over", n=result.hand))
        residue = next((line for line in reversed(pf.log_lines(current, result.hand))
                        if line.kind == "residue"), None)
        if residue is not None:
            st.caption(safe_text.plain(residue.text))
        table = pf.breakdown(result, players)
        st.table(table.as_columns(t("play.row.item")), hide_index=True)
        hand_review(current, result.hand)
        if current.over:
            with st.container(horizontal=True):
                st.button(t("play.play_again"), key="play-again", on_click=play_again,
                          args=(st.session_state[OWNER], current), icon=":material/replay:")
                st.button(t("play.new_game"), key="play-new-after", type="primary",
                          on_click=abandon, args=(st.session_state[OWNER],),
                          icon=":material/add:")
        else:
            target = current.setup.rules.target
            st.caption(t("play.first_to", n=target) if target else t("play.tie_again"))
            st.button(t("play.next_hand"), key="play-next-hand", type="primary",
                      on_click=next_hand, args=(st.session_state[OWNER],),
                      icon=":material/arrow_forward:")


def review_words(found: Review) -> dict[str, str]:
    """The parts of every coach's sentence: both moves in words and their values."""
    return {"played": safe_text.plain(words.move(found.played)),
            "better": safe_text.plain(words.move(found.better)),
            "better_points": f"{found.better_value:+.1f}",
            "played_points": f"{found.played_value:+.1f}"}


def review_line(current: Game, hand: int, ply: int, found: Review) -> str:
    """The coach's line on a move of a finished hand, numbered as the replay counts."""
    number = pf.frame_before(current, hand, ply) + 1
    return t("play.coach_review_move", n=number, **review_words(found))


def hand_review(current: Game, hand: int) -> None:
    """On request (it takes the hint's search per move), the learner's moves in a
    finished hand that the coach would change, each with a way into the replay."""
    if st.session_state.get(HAND_REVIEW) != hand:
        st.button(t("play.coach_review"), key="play-coach-review", on_click=ask_hand_review,
                  args=(hand,), icon=":material/school:")
        return
    notes = pf.coach_notes(current, hand)
    if not notes:
        st.success(t("play.coach_review_none"), icon=":material/school:")
        return
    st.markdown(t("play.coach_review_title", n=len(notes)))
    for ply, found in notes.items():
        with st.container(border=True, key=f"play-coach-{ply}"):
            st.markdown(review_line(current, hand, ply, found))
            st.caption(safe_text.plain(found.reason))
            st.button(t("play.coach_review_replay"), key=f"play-coach-replay-{ply}",
                      on_click=show_in_replay, args=(hand, pf.frame_before(current, hand, ply)),
                      type="tertiary", icon=":material/movie:")


def replay_panel(current: Game) -> None:
    """A finished hand again, move by move, with every seat's hand face up."""
    hands = pf.finished_hands(current)
    if not hands:
        return
    players = current.setup.players
    with st.expander(t("play.replay"), icon=":material/movie:", expanded=current.hand_over):
        if len(hands) > 1:
            st.selectbox(t("play.replay_hand"), hands, index=len(hands) - 1, key=REPLAY_HAND,
                         format_func=lambda n: t("play.hand_n", n=n),
                         on_change=replay_step, args=(0,))
        hand = int(st.session_state.get(REPLAY_HAND) or hands[-1])
        frames = pf.hand_frames(current, hand)
        last = len(frames) - 1
        at = min(max(int(st.session_state.get(REPLAY_AT, 0)), 0), last)
        st.session_state[REPLAY_AT] = at
        with st.container(horizontal=True, gap="small", vertical_alignment="center",
                          key="play-replay-steps"):
            st.button(t("sandbox.start"), key="replay-first", on_click=replay_step, args=(0,),
                      disabled=at == 0, icon=":material/first_page:")
            st.button(t("sandbox.back"), key="replay-back", on_click=replay_step,
                      args=(at - 1,), disabled=at == 0, icon=":material/chevron_left:")
            st.button(t("sandbox.forward"), key="replay-forward", on_click=replay_step,
                      args=(at + 1,), disabled=at == last, icon=":material/chevron_right:")
            st.button(t("sandbox.end"), key="replay-last", on_click=replay_step,
                      args=(last,), disabled=at == last, icon=":material/last_page:")
            st.caption(t("play.replay_at", n=at, total=last))
        frame = frames[at]
        st.markdown(f"**{safe_text.plain(frame.note)}**")
        if frame.ply is not None and frame.ply.seat != YOU:
            reason = note_for(current, frame.ply.number)
            if reason:
                st.caption(safe_text.plain(reason))
        coming = frames[at + 1].ply if at < last else None
        if coming is not None and st.session_state.get(HAND_REVIEW) == hand:
            found = pf.coach_notes(current, hand).get(coming.number)
            if found is not None:  # the move about to be played from this table
                st.info(review_line(current, hand, coming.number, found),
                        icon=":material/school:")
        replay_picture(frame.state, players)


def replay_picture(state: GameState, players: int) -> None:
    colours = board.four_colour()
    rows = []
    for seat in range(players):
        cards = state.hands[seat]
        fan = svg.hand_fan_html(cards, 78, colours) if cards else (
            f'<div class="ct-seat-level">{escape(t("board.hand_empty"))}</div>')
        rows.append(f'<div class="ct-replay-seat"><div class="ct-seat-name">'
                    f'{escape(pf.seat_name(seat, players))}</div>{fan}</div>')
    st.html(f'<div class="ct-replay">{"".join(rows)}</div>')
    board.picture(pf.table_position(state), "play-replay")
    counts = {pf.pile_caption(side, players): len(pile) for side, pile in enumerate(state.piles)}
    counts[t("play.stock")] = len(state.stock)
    board.piles(counts)


# ----- the screen ------------------------------------------------------------------------

st.html(PLAY_CSS)
who = session.require_learner()
if who is not None:
    restore(who.id)
    current = game()
    if current is None:
        message_box()
        setup_screen(who.id)
    else:
        header(current)
        left, right = st.columns([3, 2], gap="large")
        with left:
            if current.hand_over:
                hand_result(current)
            else:
                seats_row(current)
                your_side(current)
        with right:
            scores(current)
            piles_and_stock(current)
            computer_panel(current, who.id)
            game_log(current)
        replay_panel(current)
