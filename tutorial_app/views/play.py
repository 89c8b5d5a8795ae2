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
replayed move by move with every hand shown.

This page only draws: `flows.play.PlayController` keeps the game (in the
progress store too, so a reloaded page carries on) and answers every click.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from tutorial_app.flows.play import PACE_SECONDS, SCOPE, PlayController
from tutorial_app.flows.play import screens as ps
from tutorial_app.flows.play import words as pw
from tutorial_app.flows.play.count import CountScreen
from tutorial_app.ui import board, play_parts, rules_picker, safe_text, session
from tutorial_app.ui.css import PLAY_CSS
from tutorial_app.ui.notices import notice_box
from tutorial_app.words import words
from tutorial_app.words.i18n import count, t

PILE_HEIGHT: Final = 122  # four stacks (3 players and the stock) in the side column


def setup_screen(play: PlayController) -> None:
    screen = play.setup_screen()
    st.title(t("play.title"))
    st.caption(t("play.intro"))
    with st.container(border=True, key="play-setup"):
        st.subheader(t("play.setup"))
        st.radio(t("play.players"), screen.players.values, key=play.key("players"),
                 format_func=screen.players.label)
        st.markdown(t("play.opponents"))
        with st.container(horizontal=True, gap="medium", key="play-levels"):
            for pick in screen.seats:
                st.selectbox(pick.name, screen.levels.values,
                             index=screen.levels.values.index(screen.default_level),
                             key=play.key(f"level.{pick.seat}"), width=300,
                             format_func=screen.levels.label,
                             help=pw.levels_help(screen.levels.values))
        left, right = st.columns(2, gap="large")
        with left:
            rules_picker.preset_select(play.key("preset"), t("play.preset"), play.follow_preset)
            st.selectbox(t("play.target"), screen.targets.values, key=play.key("target"),
                         format_func=screen.targets.label)
        with right:
            with st.expander(t("play.advanced"), icon=":material/tune:"), \
                    st.container(horizontal=True, vertical_alignment="bottom"):
                st.number_input(t("play.seed"), min_value=0, max_value=2**31 - 1, step=1,
                                key=play.key("seed"), help=t("play.seed_help"))
                st.button(t("play.new_seed"), key="play-roll", on_click=play.roll_seed,
                          icon=":material/casino:")
            rules_picker.setting_selects(play.key("rule"), play.key("custom"),
                                         t("play.custom"), skip=("target",),
                                         defaults=screen.defaults)
        if screen.error:
            st.error(safe_text.plain(screen.error), icon=":material/block:")
        st.button(t("play.start"), key="play-start", type="primary", on_click=play.start,
                  icon=":material/play_arrow:")


def header(play: PlayController, head: ps.Header) -> None:
    with st.container(horizontal=True, vertical_alignment="center", key="play-head"):
        st.title(t("play.title"), width="content")
        with st.popover(t("play.new_game"), icon=":material/restart_alt:", key="play-new"):
            if head.over:
                st.caption(t("play.new_game_after"))
            else:
                st.warning(t("play.abandon_confirm"), icon=":material/warning:")
            st.button(t("play.abandon_yes"), key="play-abandon", type="primary",
                      on_click=play.abandon)
    st.caption(safe_text.plain(head.facts))
    if head.seed:
        with st.expander(t("play.advanced"), icon=":material/tune:"):
            st.caption(safe_text.plain(head.seed))


def scores(found: tuple[ps.Score, ...]) -> None:
    """The running totals, one box per side."""
    with st.container(horizontal=True, gap="small", key="play-scores"):
        for score in found:
            st.metric(score.side, score.total, border=True, width="stretch")


def stacks(found: ps.Stacks) -> None:
    board.piles(dict(found.counts), height=PILE_HEIGHT if len(found.counts) > 3 else None)
    st.caption(safe_text.plain(found.caption))


def coach_words(note: ps.CoachNote) -> dict[str, str]:
    """The parts of every coach's sentence: both moves in words and their values."""
    return {"played": safe_text.plain(note.played), "better": safe_text.plain(note.better),
            "better_points": note.better_points, "played_points": note.played_points}


def coach_box(note: ps.CoachNote, key: str) -> None:
    with st.container(border=True, key=key):
        st.markdown(t("play.coach_note", **coach_words(note)))
        st.caption(safe_text.plain(note.reason))


def learner_side(play: PlayController, side: ps.LearnerSide) -> None:
    """The table, the learner's hand, the move buttons and what is said under them."""
    look = board.BoardLook(interactive=side.your_turn)
    board.table(side.position, SCOPE, look)
    board.hand(side.position, SCOPE, look, title=side.hand_title)
    if side.your_turn:
        board.action_bar(side.position, SCOPE, play.move)
    notice_box(side.notice)
    if side.coach is not None:  # under the table the move left; then with the move
        coach_box(side.coach, "play-coach")
    elif side.coach_failed:
        st.caption(t("play.coach_failed"))
    if not side.your_turn:
        return
    if side.hint is None:
        st.button(t("play.hint"), key="play-hint", on_click=play.ask_hint,
                  icon=":material/lightbulb:", help=t("play.hint_help"))
        return
    with st.container(border=True, key="play-hint-box"):
        st.markdown(t("play.hint_move", move=safe_text.plain(side.hint.move)))
        st.caption(safe_text.plain(side.hint.reason))
        st.button(t("play.hint_select"), key="play-hint-select", on_click=play.use_hint,
                  icon=":material/touch_app:", type="tertiary")


def pacer(play: PlayController) -> None:
    """Computer moves by themselves, one every PACE_SECONDS, while the toggle is on."""
    play.pace_start()

    @st.fragment(run_every=PACE_SECONDS)
    def tick() -> None:
        if play.pace_tick():
            st.rerun()

    tick()


def computer_panel(play: PlayController, panel: ps.ComputerPanel, pacing: bool) -> None:
    """Whose turn it is, Continue, and the computer's latest moves with their reasons."""
    with st.container(border=True, key="play-computer"):
        if panel.waiting_for is not None:
            st.markdown(t("play.waiting", who=safe_text.plain(panel.waiting_for)))
            st.button(t("play.continue"), key="play-continue", type="primary",
                      on_click=play.advance, icon=":material/skip_next:")
            if pacing:
                pacer(play)
        elif panel.your_turn:
            st.markdown(t("play.your_turn"))
        # always drawn, so the choice is kept while it is the learner's turn
        st.toggle(t("play.auto"), key=play.key("auto"), help=t("play.auto_help"))
        st.toggle(t("play.coach"), key=play.key("coach_toggle"), value=panel.coach_on,
                  help=t("play.coach_help"), on_change=play.coach_toggled)
        if not panel.recent:
            st.caption(t("play.no_computer_moves"))
        for said in panel.recent:
            st.markdown(f"**{safe_text.plain(said.text)}**")
            if said.reason:
                st.caption(safe_text.plain(said.reason))
            if said.coach is not None:  # the learner's move, the table since changed
                coach_box(said.coach, "play-coach-before")


def game_log(play: PlayController, rows: tuple[ps.LogRow, ...]) -> None:
    """This hand's log; a computer move can be explained with its "Why?" button."""
    with (st.expander(t("play.log"), icon=":material/list:", expanded=False),
          st.container(height=360, key="play-log", autoscroll=True)):
        for row in rows:
            if not row.move:
                st.caption(safe_text.plain(row.text))
                continue
            with st.container(horizontal=True, vertical_alignment="center", gap="small"):
                st.markdown(safe_text.plain(row.text), width="content")
                if row.why_ply is not None:
                    st.button(t("play.why"), key=f"play-why-{row.why_ply}", type="tertiary",
                              on_click=play.ask_why, args=(row.why_ply,),
                              icon=":material/help:")
            if row.reason is not None:
                st.info(safe_text.plain(row.reason), icon=":material/psychology:")


def hand_end(play: PlayController, end: ps.HandEnd) -> None:
    """The end of a hand: the score item by item, the totals, and Next hand or the winner."""
    with st.container(border=True, key="play-result"):
        if end.over:
            st.subheader(t("play.game_over"))
            st.success(safe_text.plain(end.winner), icon=":material/emoji_events:")
        else:
            st.subheader(t("play.hand_over", n=end.hand))
        if end.residue is not None:
            st.caption(safe_text.plain(end.residue))
        st.table(end.table.as_columns(t("play.row.item")), hide_index=True)
        hand_review(play, end.review)
        if end.over:
            with st.container(horizontal=True):
                st.button(t("play.play_again"), key="play-again", on_click=play.play_again,
                          icon=":material/replay:")
                st.button(t("play.new_game"), key="play-new-after", type="primary",
                          on_click=play.abandon, icon=":material/add:")
        else:
            st.caption(end.next_caption)
            st.button(t("play.next_hand"), key="play-next-hand", type="primary",
                      on_click=play.next_hand, icon=":material/arrow_forward:")


def review_line(note: ps.CoachNote) -> str:
    """The coach's line on a move of a finished hand, numbered as the replay counts."""
    return t("play.coach_review_move", n=note.number, **coach_words(note))


def hand_review(play: PlayController, review: ps.HandReview) -> None:
    """On request (it takes the hint's search per move), the learner's moves in a
    finished hand that the coach would change, each with a way into the replay."""
    if not review.asked:
        st.button(t("play.coach_review"), key="play-coach-review", on_click=play.ask_hand_review,
                  args=(review.hand,), icon=":material/school:")
        return
    if review.failed:
        st.caption(t("play.coach_review_failed"))
        return
    if not review.moves:
        st.success(t("play.coach_review_none"), icon=":material/school:")
        return
    st.markdown(t("play.coach_review_title", n=len(review.moves)))
    for reviewed in review.moves:
        with st.container(border=True, key=f"play-coach-{reviewed.ply}"):
            st.markdown(review_line(reviewed.note))
            st.caption(safe_text.plain(reviewed.note.reason))
            st.button(t("play.coach_review_replay"), key=f"play-coach-replay-{reviewed.ply}",
                      on_click=play.show_in_replay, args=(review.hand, reviewed.frame),
                      type="tertiary", icon=":material/movie:")


def replay_panel(play: PlayController, replay: ps.ReplayScreen) -> None:
    """A finished hand again, move by move, with every seat's hand face up."""
    with st.expander(t("play.replay"), icon=":material/movie:", expanded=replay.expanded):
        if len(replay.hands) > 1:
            st.selectbox(t("play.replay_hand"), replay.hands, index=len(replay.hands) - 1,
                         key=play.key("replay.hand"),
                         format_func=lambda n: t("play.hand_n", n=n),
                         on_change=play.replay_step, args=(0,))
        at, last = replay.at, replay.last
        with st.container(horizontal=True, gap="small", vertical_alignment="center",
                          key="play-replay-steps"):
            st.button(t("sandbox.start"), key="replay-first", on_click=play.replay_step,
                      args=(0,), disabled=at == 0, icon=":material/first_page:")
            st.button(t("sandbox.back"), key="replay-back", on_click=play.replay_step,
                      args=(at - 1,), disabled=at == 0, icon=":material/chevron_left:")
            st.button(t("sandbox.forward"), key="replay-forward", on_click=play.replay_step,
                      args=(at + 1,), disabled=at == last, icon=":material/chevron_right:")
            st.button(t("sandbox.end"), key="replay-last", on_click=play.replay_step,
                      args=(last,), disabled=at == last, icon=":material/last_page:")
            st.caption(t("play.replay_at", n=at, total=last))
        st.markdown(f"**{safe_text.plain(replay.note)}**")
        if replay.reason:
            st.caption(safe_text.plain(replay.reason))
        if replay.coming is not None:
            st.info(review_line(replay.coming), icon=":material/school:")
        play_parts.replay_hands(replay.seats)
        board.picture(replay.table, "play-replay")
        board.piles(dict(replay.piles.counts))


def count_task(play: PlayController, task: CountScreen) -> None:
    """After the last deal: a button, or the cards the learner cannot see to pick from
    (one button each, grouped by suit; a picked card is highlighted) and the reply."""
    if not task.open:
        st.button(t("play.count.open"), key="play-count-open", on_click=play.open_count,
                  icon=":material/format_list_numbered:", help=t("play.count.open_help"))
        return
    with st.container(border=True, key="play-count"):
        st.markdown(f"**{t('play.count.title')}**")
        st.caption(t("play.count.ask"))
        for suit in "shdc":
            cards = [c for c in task.choices if c.suit == suit]
            if not cards:
                continue
            with st.container(horizontal=True, gap="small", key=f"play-count-row-{suit}"):
                for card in cards:
                    st.button(words.card(card), key=f"play-count-card-{card}",
                              on_click=play.toggle_count, args=(str(card),),
                              type="primary" if str(card) in task.picked else "secondary")
        st.caption(count(len(task.picked), "play-count-picked"))
        with st.container(horizontal=True, gap="small", key="play-count-tools"):
            st.button(t("play.count.check"), key="play-count-check",
                      on_click=play.check_count, icon=":material/check:")
            st.button(t("play.count.show"), key="play-count-show", on_click=play.show_count,
                      icon=":material/visibility:", help=t("play.count.show_help"))
            st.button(t("play.count.close"), key="play-count-close",
                      on_click=play.close_count, type="tertiary")
        if task.result is not None and task.reply is not None:
            if task.result.right or task.result.shown:
                st.success(safe_text.plain(task.reply), icon=":material/check_circle:")
            else:
                st.warning(safe_text.plain(task.reply), icon=":material/error:")


def render() -> None:
    st.html(PLAY_CSS)
    who = session.require_learner()
    if who is None:
        return
    memory = session.state()
    play = PlayController(memory, session.store(), who.id)
    screen = play.screen()
    if screen is None:
        notice_box(play.notice())
        setup_screen(play)
        return
    header(play, screen.header)
    left, right = st.columns([3, 2], gap="large")
    with left:
        if screen.end is not None:
            hand_end(play, screen.end)
        if screen.side is not None:
            play_parts.seats(screen.seats)
            learner_side(play, screen.side)
        if screen.count is not None:
            count_task(play, screen.count)
    with right:
        scores(screen.scores)
        stacks(screen.stacks)
        computer_panel(play, screen.computer, screen.pacing)
        game_log(play, screen.log)
    if screen.replay is not None:
        replay_panel(play, screen.replay)


render()
