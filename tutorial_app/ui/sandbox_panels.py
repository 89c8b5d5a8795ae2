"""The Sandbox page's parts, drawn from the controller's screen (flows/sandbox.py):
the board with the judge's answer, the set-up panel (card trays, notation and
link, rules), the moves played with back and forward, and every legal move."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import streamlit as st

from engine import Card
from tutorial_app.flows.position_edit import Place
from tutorial_app.flows.sandbox import (
    SCOPE,
    BoardScreen,
    SandboxController,
    SandboxScreen,
    Step,
    player,
)
from tutorial_app.ui import address, board, menu, rules_picker, safe_text
from tutorial_app.ui.advice_box import advice_panel, advice_toggle
from tutorial_app.ui.card_svg import FOUR_COLOURS, TWO_COLOURS
from tutorial_app.ui.notices import notice_box
from tutorial_app.words.i18n import count, t

_NAMED_COLOURS = {"#c8102e": "red", "#1d5fc4": "blue", "#1e7b34": "green"}


def _picked(key: str, then: Callable[[Card], None]) -> None:
    """A card chosen in one of the card trays (pills): hand it on, then unselect it."""
    card = st.session_state.get(key)
    st.session_state[key] = None
    if isinstance(card, Card):
        then(card)


def _coloured(card: Card, colours: dict[str, str]) -> str:
    """A tray label in the card's suit colour (Streamlit Markdown colours by name)."""
    name = _NAMED_COLOURS.get(colours[card.suit])
    return f":{name}[{card.pretty}]" if name else card.pretty


def board_panel(ctl: SandboxController, screen: BoardScreen) -> None:
    position = screen.position
    board.table(position, SCOPE, board.BoardLook(you=None))
    board.hand(position, SCOPE, board.BoardLook(you=None),
               title=t("sandbox.hand_of", seat=player(position.seat)))
    if screen.problems:
        st.warning(safe_text.plain(" ".join(screen.problems)), icon=":material/warning:")
    board.action_bar(position, SCOPE, ctl.try_move, enabled=not screen.problems)
    notice_box(screen.notice, played_note=t("sandbox.played"))


def setup_panel(ctl: SandboxController, screen: SandboxScreen) -> None:
    with st.container(border=True, key="sandbox-setup"):
        st.subheader(t("sandbox.setup"))
        cards_tab, text_tab, rules_tab = st.tabs([t("sandbox.tab.cards"), t("sandbox.tab.text"),
                                                  t("sandbox.tab.rules")])
        with cards_tab:
            _cards_tab(ctl, screen)
        with text_tab:
            _text_tab(ctl, screen)
        with rules_tab:
            _rules_tab(ctl, screen)


def _suits() -> dict[str, str]:
    return {"s": t("sandbox.suit.s"), "h": t("sandbox.suit.h"), "d": t("sandbox.suit.d"),
            "c": t("sandbox.suit.c")}


def _place_words() -> dict[str, str]:
    return {Place.TABLE: t("sandbox.place.table"), Place.HAND: t("sandbox.place.hand"),
            Place.BUILD: t("sandbox.place.build")}


def _cards_tab(ctl: SandboxController, screen: SandboxScreen) -> None:
    st.segmented_control(t("sandbox.place_into"), [p.value for p in Place], key=ctl.key("place"),
                         default=Place.TABLE.value, format_func=_place_words().__getitem__)
    st.caption(t("sandbox.tray_help"))
    colours = FOUR_COLOURS if board.four_colour() else TWO_COLOURS
    for suit, word in _suits().items():
        st.pills(word, [c for c in screen.free if c.suit == suit],
                 key=f"tray.{suit}", on_change=_picked, args=(f"tray.{suit}", ctl.place),
                 format_func=partial(_coloured, colours=colours),
                 label_visibility="collapsed")
    if screen.placed:
        st.pills(t("sandbox.remove_help"), list(screen.placed), key="tray.out",
                 on_change=_picked, args=("tray.out", ctl.take_out),
                 format_func=lambda c: f"✕ {c.pretty}")
    if screen.drafting:
        st.markdown(t("sandbox.build_draft", cards=" ".join(c.pretty for c in screen.draft)
                      or t("sandbox.none")))
        with st.container(horizontal=True, vertical_alignment="bottom"):
            st.number_input(t("sandbox.build_value"), min_value=1, max_value=14,
                            key=ctl.key("build_value"), value=screen.draft_value)
            st.selectbox(t("sandbox.controller"), list(screen.seats), key=ctl.key("build_seat"),
                         format_func=lambda s: t("sandbox.seat_n", seat=player(s)))
            st.button(t("sandbox.add_build"), key="sandbox-add-build", on_click=ctl.add_build,
                      disabled=len(screen.draft) < 2)
    st.button(t("sandbox.clear_all"), key="sandbox-clear-all", on_click=ctl.clear_all,
              icon=":material/delete_sweep:")


def _text_tab(ctl: SandboxController, screen: SandboxScreen) -> None:
    st.text_area(t("sandbox.notation"), key=ctl.key("text"), height=90,
                 help=t("sandbox.notation_help"))
    st.button(t("sandbox.load"), key="sandbox-load", on_click=ctl.load_text,
              icon=":material/upload:")
    st.caption(t("sandbox.share"))
    st.code(ctl.share_url(address.address().base), language=None, wrap_lines=True)
    if menu.audience() is not menu.Audience.LEARNER:  # a visitor may be a teacher
        st.page_link("views/classroom.py", label=t("sandbox.to_classroom"),
                     icon=":material/co_present:", query_params=dict(screen.classroom))


def _rules_tab(ctl: SandboxController, screen: SandboxScreen) -> None:
    rules_picker.preset_select(ctl.key("preset"), t("sandbox.preset"), ctl.set_preset)
    rules_picker.setting_selects(ctl.key("rule"), ctl.key("show_settings"),
                                 t("sandbox.settings"), defaults=screen.position.rules,
                                 on_change=ctl.set_setting)
    st.radio(t("sandbox.players"), [2, 3, 4], key=ctl.key("players"), horizontal=True,
             on_change=ctl.set_table_shape)
    st.selectbox(t("sandbox.to_move"), list(screen.seats), key=ctl.key("seat"),
                 on_change=ctl.set_table_shape,
                 format_func=lambda s: t("sandbox.seat_n", seat=player(s)))
    st.checkbox(t("sandbox.last"), key=ctl.key("last"), on_change=ctl.set_table_shape,
                help=t("sandbox.last_help"))


def line_panel(ctl: SandboxController, screen: SandboxScreen) -> None:
    st.subheader(t("sandbox.moves_played"))
    with st.container(horizontal=True, gap="small", key="sandbox-steps"):
        st.button(t("sandbox.start"), key="sandbox-first", on_click=ctl.step,
                  args=(Step.START,), disabled=not screen.can_back, icon=":material/first_page:")
        st.button(t("sandbox.back"), key="sandbox-back", on_click=ctl.step, args=(Step.BACK,),
                  disabled=not screen.can_back, icon=":material/chevron_left:")
        st.button(t("sandbox.forward"), key="sandbox-forward", on_click=ctl.step,
                  args=(Step.FORWARD,), disabled=not screen.can_forward,
                  icon=":material/chevron_right:")
        st.button(t("sandbox.end"), key="sandbox-last", on_click=ctl.step, args=(Step.END,),
                  disabled=not screen.can_forward, icon=":material/last_page:")
    if not screen.played:
        st.caption(t("sandbox.no_moves_yet"))
        return
    lines = []
    for row in screen.played:
        key = "sandbox.line_move_sweep" if row.sweep else "sandbox.line_move"
        text = safe_text.plain(t(key, n=row.number, move=row.pretty))
        lines.append(f"**{text}**" if row.current else text)
    st.markdown("  \n".join(lines))
    if screen.piles:
        st.caption(" · ".join(count(p.cards, "sandbox-pile", seat=player(p.seat),
                                    sweeps=count(p.sweeps, "sweep"))
                              for p in screen.piles))
        board.piles({t("sandbox.pile_of", seat=player(p.seat)): p.cards for p in screen.piles})


def moves_panel(ctl: SandboxController, screen: SandboxScreen) -> None:
    moves = screen.moves
    st.subheader(t("sandbox.legal_moves", n=len(moves)))
    if not moves:
        if not screen.problems:
            st.info(t("sandbox.no_legal"))
        return
    move, words, does, after = (t("sandbox.col.move"), t("sandbox.col.words"),
                                t("sandbox.col.does"), t("sandbox.col.after"))
    st.dataframe({move: [e.text for e in moves], words: [e.pretty for e in moves],
                  does: [e.effect for e in moves], after: [e.table_after for e in moves]},
                 hide_index=True, width="stretch", key="sandbox-moves-table",
                 height=min(35 * (len(moves) + 1) + 3, 640),
                 column_config={move: st.column_config.TextColumn(width="small"),
                                words: st.column_config.TextColumn(width="medium"),
                                does: st.column_config.TextColumn(width="medium"),
                                after: st.column_config.TextColumn(width="medium")})
    with st.container(horizontal=True, vertical_alignment="bottom", key="sandbox-pick"):
        st.selectbox(t("sandbox.pick_move"), [e.text for e in moves], key=ctl.key("listed"),
                     format_func=lambda text: text)
        st.button(t("sandbox.play_it"), key="sandbox-play-listed", on_click=ctl.play_listed)
    if advice_toggle(ctl.key("advice")):
        advice_panel(screen.advice, "sandbox-advice")
