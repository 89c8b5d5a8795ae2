"""Pieces of the Play page drawn as HTML: the other seats with their cards face
down, and every seat's hand face up in the replay of a finished hand."""

from __future__ import annotations

from html import escape

import streamlit as st

from tutorial_app.flows.play import screens as ps
from tutorial_app.ui import board
from tutorial_app.ui import card_svg as svg
from tutorial_app.words.i18n import t


def seats(found: tuple[ps.Seat, ...]) -> None:
    """The other players: name, level, how many cards they hold (face down)."""
    boxes = []
    for seat in found:
        backs = "".join(svg.img_tag(svg.back_svg(), "", 54, "ct-back")
                        for _ in range(seat.cards))
        boxes.append(
            f'<div class="ct-seat{" ct-turn" if seat.to_play else ""}" '
            f'aria-label="{escape(seat.name)}: {escape(seat.status)}">'
            f'<div class="ct-seat-name">{escape(seat.name)}</div>'
            f'<div class="ct-seat-level" title="{escape(seat.level_name)}">'
            f'{escape(seat.level_tag)}</div>'
            f'<div class="ct-backs">{backs or "&nbsp;"}</div>'
            f'<div class="ct-seat-level">{escape(seat.status)}</div></div>')
    st.html(f'<div class="ct-seats">{"".join(boxes)}</div>')


def replay_hands(found: tuple[ps.ReplaySeat, ...]) -> None:
    """Every seat's hand, face up."""
    colours = board.four_colour()
    rows = []
    for seat in found:
        fan = svg.hand_fan_html(seat.cards, 78, colours) if seat.cards else (
            f'<div class="ct-seat-level">{escape(t("board.hand_empty"))}</div>')
        rows.append(f'<div class="ct-replay-seat"><div class="ct-seat-name">'
                    f'{escape(seat.name)}</div>{fan}</div>')
    st.html(f'<div class="ct-replay">{"".join(rows)}</div>')
