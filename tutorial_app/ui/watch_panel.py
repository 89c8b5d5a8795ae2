"""A demonstration on the Learn page (a watch step, course/steps/watch.py): the board at
the beat on screen with the cards it points at raised in gold, the cards taken so far in
the learner's pile, the beat's sentence, and the buttons that step through it.

The board is drawn as the pictures of read and choose steps are (`board.picture`'s
look: the card SVGs as images, the `ct-marked` gold edge), but with any number of
cards marked in any zone, and a pile drawn face up, since the demonstration is about
which cards went there. Which beat is on screen is the lesson controller's
(`LessonController.next_beat`, `watch_again`); this module only draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import streamlit as st

from engine import Card
from tutorial_app.course.steps.watch import Beat, WatchStep
from tutorial_app.ui import board
from tutorial_app.ui import card_svg as svg
from tutorial_app.ui.css import CARD_HEIGHT
from tutorial_app.words.i18n import t

SCOPE = "watch"  # the containers' keys (felt-watch, hand-watch...), which the CSS paints
# a row's room above its cards: a marked card is raised (`ct-marked`), and in the pile,
# where every card may be marked, it covered the zone's title
ROW = '<div class="ct-row" style="padding-top:12px">'


def _css(marked: bool) -> str:
    return "ct-card ct-marked" if marked else "ct-card"


def _cards(cards: Sequence[Card], marked: frozenset[Card], colours: bool) -> str:
    return "".join(svg.img_tag(svg.card_svg(c, colours), svg.card_name(c), CARD_HEIGHT,
                               _css(c in marked)) for c in cards)


def beat_board(beat: Beat) -> None:
    """The board at the beat: the table (loose cards, then builds), the hand, and the
    pile once a card is in it; the cards the beat points at marked."""
    position, marked, colours = beat.board, beat.marked, board.four_colour()
    with st.container(key=f"felt-{SCOPE}"):
        parts = _cards(position.loose, marked, colours)
        parts += "".join(
            svg.img_tag(svg.build_svg(b, colours, 0, position.players),
                        svg.build_label(b, 0, position.players),
                        CARD_HEIGHT + 34 * CARD_HEIGHT // svg.HEIGHT,
                        _css(any(c in marked for c in b.cards)))
            for b in position.builds)
        empty = f'<div class="ct-empty">{escape(t("board.table_empty"))}</div>'
        st.html(f'<div class="ct-zone">{escape(t("board.table"))}</div>'
                + (f"{ROW}{parts}</div>" if parts else empty))
    if position.hand:
        with st.container(key=f"hand-{SCOPE}"):
            st.html(f'<div class="ct-zone">{escape(t("board.your_hand"))}</div>'
                    f"{ROW}{_cards(position.hand, marked, colours)}</div>")
    if beat.pile:
        with st.container(key=f"hand-{SCOPE}-pile"):
            st.html(f'<div class="ct-zone">{escape(t("board.your_pile"))}</div>'
                    f"{ROW}{_cards(beat.pile, marked, colours)}</div>")


def show(step: WatchStep, at: int, on_next: Callable[[], None],
         on_again: Callable[[], None], on_turn: Callable[[], None] | None) -> None:
    """The beat `at` of the demonstration; after its last beat, the hand-over: the
    step's `then:` line (or "Now you try it.") and "Your turn", which `on_turn` answers
    (None on a lesson's last step, where Finish is the way on)."""
    beat = step.beats[at]
    last = at == len(step.beats) - 1
    st.caption(t("watch.beat_of", n=at + 1, total=len(step.beats)))
    beat_board(beat)
    # the sentence under the board, just above the button: on a phone the page stays
    # where the learner tapped, so the next beat's words come where she is looking
    with st.container(key="watch-say"):
        st.markdown(board.linked_lesson(beat.say))
    with st.container(horizontal=True, gap="small", key="watch-buttons"):
        if not last:
            st.button(t("watch.next"), key="watch-next", type="primary", on_click=on_next,
                      icon=":material/play_arrow:")
        if at > 0:
            st.button(t("watch.again"), key="watch-again", type="tertiary",
                      on_click=on_again, icon=":material/replay:")
    if last:
        st.markdown(board.linked_lesson(step.then or t("watch.then")))
        if on_turn is not None:
            st.button(t("watch.your_turn"), key="watch-turn", type="primary",
                      on_click=on_turn, icon=":material/front_hand:")
