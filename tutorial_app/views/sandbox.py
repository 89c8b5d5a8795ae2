"""Sandbox: set up any position, see every legal move, try moves, step through them.

Screen: on the left the table and the hand with the move buttons under them,
the judge's answer, the moves played so far with back and forward, and the
list of every legal move with what it does. On the right the set-up panel:
click cards into the table, the hand or a build; paste notation; choose the
rules. The position and the moves are kept in the link, so it can be shared.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import streamlit as st

from engine import PRESETS, Attempt, Card, Position, check
from tutorial_app.course.i18n import t
from tutorial_app.flows import links
from tutorial_app.flows import sandbox as sb
from tutorial_app.ui import board, rules_picker, safe_text
from tutorial_app.ui.advice_box import advice_panel, advice_toggle
from tutorial_app.ui.card_svg import FOUR_COLOURS, TWO_COLOURS

SCOPE = "sandbox"
SUIT_WORDS = {"s": "Spades", "h": "Hearts", "d": "Diamonds", "c": "Clubs"}
LINE = "sandbox.line"
PENDING = "sandbox.pending"
MESSAGE = "sandbox.message"
LINK = "sandbox.link"


# ----- state ---------------------------------------------------------------------------


def line() -> sb.Line:
    value = st.session_state.get(LINE)
    if isinstance(value, sb.Line):
        return value
    start = sb.Line(Position.parse(sb.START_POSITION))
    st.session_state[LINE] = start
    return start


def set_line(new: sb.Line, message: tuple[str, str] | None = None) -> None:
    st.session_state[LINE] = new
    board.set_selection(SCOPE, board.selection(SCOPE).fit(new.position))
    if message is None:
        st.session_state.pop(MESSAGE, None)
    else:
        st.session_state[MESSAGE] = message


def edit(position: Position) -> None:
    """An edit starts a fresh line from the edited position."""
    set_line(sb.Line(position))


def pending() -> list[Card]:
    value = st.session_state.get(PENDING)
    return list(value) if isinstance(value, list) else []


def open_link() -> None:
    """Restore the position (and moves) from the link, once per new link."""
    params = st.query_params
    link = (params.get(links.POSITION, ""), params.get(links.MOVES, ""))
    if st.session_state.get(LINK) == link:
        return
    st.session_state[LINK] = link
    if not link[0]:
        return
    found = links.read_position(*link)
    if found.position is not None:
        set_line(sb.Line.from_moves(found.position, found.moves))
    if found.error:
        st.session_state[MESSAGE] = ("error", found.error)


def write_link(current: sb.Line) -> None:
    link = (current.start.text, current.moves_text)
    if st.session_state.get(LINK) != link:
        st.session_state[LINK] = link
        st.query_params.from_dict({links.POSITION: link[0], **(
            {links.MOVES: link[1]} if link[1] else {})})


# ----- callbacks -------------------------------------------------------------------------


def try_move(attempt: Attempt) -> None:
    current = line()
    verdict = check(current.position, attempt)
    if verdict.legal and verdict.move is not None:
        set_line(current.play(verdict.move), ("legal", verdict.message))
        board.clear(SCOPE)
    else:
        st.session_state[MESSAGE] = ("error", verdict.message + board.rule_note(
            verdict.message, verdict.rule))


def play_listed() -> None:
    chosen = st.session_state.get("sandbox.listed")
    current = line()
    for move in sb.describe_moves(current.position).effects:
        if move.text == chosen:
            set_line(current.play(move.move), ("legal", f"{move.pretty}: {move.effect}."))
            return


def step(how: str) -> None:
    current = line()
    moved = {"start": current.to_start, "back": current.back, "forward": current.forward,
             "end": current.to_end}[how]()
    set_line(moved)


def place(card: Card) -> None:
    where = st.session_state.get("sandbox.place", sb.TABLE)
    if where == sb.BUILD:
        cards = pending()
        st.session_state[PENDING] = [c for c in cards if c != card] + (
            [] if card in cards else [card])
        return
    edit(sb.place_card(line().position, card, where))


def picked(key: str, then: Callable[[Card], None]) -> None:
    """A card chosen in one of the card trays (pills): act on it, then unselect it."""
    card = st.session_state.get(key)
    st.session_state[key] = None
    if isinstance(card, Card):
        then(card)


def coloured(card: Card, colours: dict[str, str]) -> str:
    """A tray label in the card's suit colour (Streamlit Markdown colours by name)."""
    name = {"#c8102e": "red", "#1d5fc4": "blue", "#1e7b34": "green"}.get(colours[card.suit])
    return f":{name}[{card.pretty}]" if name else card.pretty


def take_out(card: Card) -> None:
    edit(sb.remove_card(line().position, card))


def add_build() -> None:
    cards = pending()
    value = int(st.session_state.get("sandbox.build_value", 1))
    seat = int(st.session_state.get("sandbox.build_seat", 0))
    result = sb.add_build(line().position, cards, value, seat)
    if result.problems:
        st.session_state[MESSAGE] = ("error", "; ".join(result.problems))
        return
    st.session_state[PENDING] = []
    edit(result.position)


def load_text() -> None:
    text = str(st.session_state.get("sandbox.text", ""))
    found = links.read_position(text, source="you typed")
    if found.position is None:
        st.session_state[MESSAGE] = ("error", found.error or t("sandbox.no_position"))
        return
    edit(found.position)


def set_preset() -> None:
    name = str(st.session_state.get("sandbox.preset", "classic"))
    edit(sb.with_rules(line().position, PRESETS[name]))


def set_setting(name: str) -> None:
    value = str(st.session_state.get(f"sandbox.rule.{name}"))
    try:
        rules = line().position.rules.with_settings({name: value})
    except ValueError as error:
        st.session_state[MESSAGE] = ("error", str(error))
        return
    edit(sb.with_rules(line().position, rules))


def set_table_shape() -> None:
    position = line().position
    players = int(st.session_state.get("sandbox.players", position.players))
    seat = int(st.session_state.get("sandbox.seat", position.seat))
    changed = sb.with_players(position, players, seat)
    edit(changed.with_changes(last=bool(st.session_state.get("sandbox.last", False))))


def clear_all() -> None:
    st.session_state[PENDING] = []
    edit(Position(rules=line().position.rules))


def sync_widgets(position: Position) -> None:
    """Show the position's own settings in the set-up widgets, whenever it changes."""
    if st.session_state.get("sandbox.synced") == position:
        return
    st.session_state["sandbox.synced"] = position
    st.session_state["sandbox.preset"] = position.rules.text.split()[0]
    rules_picker.show_rules("sandbox.rule", position.rules)
    st.session_state["sandbox.players"] = position.players
    st.session_state["sandbox.seat"] = position.seat
    st.session_state["sandbox.last"] = position.last
    st.session_state["sandbox.text"] = position.text


# ----- the screen ----------------------------------------------------------------------

open_link()
current = line()
position = current.position
sync_widgets(position)

st.title(t("sandbox.title"))
st.caption(t("sandbox.intro"))

left, right = st.columns([3, 2], gap="large")

with left:
    board.table(position, SCOPE, board.BoardLook(you=None))
    board.hand(position, SCOPE, board.BoardLook(you=None),
               title=t("sandbox.hand_of", seat=position.seat))
    problems = position.problems()
    if problems:
        st.warning(safe_text.plain("; ".join(problems)), icon=":material/warning:")
    board.action_bar(position, SCOPE, try_move, enabled=not problems)
    message = st.session_state.get(MESSAGE)
    if message:
        kind, text = message
        if kind == "legal":
            st.success(safe_text.plain(text) + t("sandbox.played"), icon=":material/check_circle:")
        else:
            st.error(safe_text.plain(text), icon=":material/block:")


with right, st.container(border=True, key="sandbox-setup"):
    st.subheader(t("sandbox.setup"))
    cards_tab, text_tab, rules_tab = st.tabs([t("sandbox.tab.cards"), t("sandbox.tab.text"),
                                              t("sandbox.tab.rules")])
    with cards_tab:
        st.segmented_control(t("sandbox.place_into"), sb.PLACES, key="sandbox.place",
                             default=sb.TABLE, format_func=lambda p: t(f"sandbox.place.{p}"))
        st.caption(t("sandbox.tray_help"))
        free = sb.free_cards(position, pending())
        colours = FOUR_COLOURS if board.four_colour() else TWO_COLOURS
        for suit in "shdc":
            st.pills(SUIT_WORDS[suit], [c for c in free if c.suit == suit],
                     key=f"tray.{suit}", on_change=picked, args=(f"tray.{suit}", place),
                     format_func=partial(coloured, colours=colours),
                     label_visibility="collapsed")
        placed = [*position.loose, *position.hand]
        if placed:
            st.pills(t("sandbox.remove_help"), placed, key="tray.out",
                     on_change=picked, args=("tray.out", take_out),
                     format_func=lambda c: f"✕ {c.pretty}")
        draft = pending()
        if st.session_state.get("sandbox.place") == sb.BUILD or draft:
            st.markdown(t("sandbox.build_draft",
                          cards=" ".join(c.pretty for c in draft) or t("sandbox.none")))
            with st.container(horizontal=True, vertical_alignment="bottom"):
                st.number_input(t("sandbox.build_value"), min_value=1, max_value=14,
                                key="sandbox.build_value",
                                value=max(1, sum(c.rank for c in draft)) if draft else 1)
                st.selectbox(t("sandbox.controller"), list(range(position.players)),
                             key="sandbox.build_seat",
                             format_func=lambda s: t("sandbox.seat_n", seat=s))
                st.button(t("sandbox.add_build"), key="sandbox-add-build", on_click=add_build,
                          disabled=len(draft) < 2)
        st.button(t("sandbox.clear_all"), key="sandbox-clear-all", on_click=clear_all,
                  icon=":material/delete_sweep:")
    with text_tab:
        st.text_area(t("sandbox.notation"), key="sandbox.text", height=90,
                     help=t("sandbox.notation_help"))
        st.button(t("sandbox.load"), key="sandbox-load", on_click=load_text,
                  icon=":material/upload:")
        st.caption(t("sandbox.share"))
        st.code(links.share_url(st.context.url, "sandbox", {
            links.POSITION: current.start.text, links.MOVES: current.moves_text}),
            language=None, wrap_lines=True)
        st.page_link("views/classroom.py", label=t("sandbox.to_classroom"),
                     icon=":material/co_present:",
                     query_params={links.POSITION: current.position.text})
    with rules_tab:
        rules_picker.preset_select("sandbox.preset", t("sandbox.preset"), set_preset)
        rules_picker.setting_selects("sandbox.rule", "sandbox.show_settings",
                                     t("sandbox.settings"), defaults=position.rules,
                                     on_change=set_setting)
        st.radio(t("sandbox.players"), [2, 3, 4], key="sandbox.players", horizontal=True,
                 on_change=set_table_shape)
        st.selectbox(t("sandbox.to_move"), list(range(position.players)), key="sandbox.seat",
                     on_change=set_table_shape, format_func=lambda s: t("sandbox.seat_n", seat=s))
        st.checkbox(t("sandbox.last"), key="sandbox.last", on_change=set_table_shape,
                    help=t("sandbox.last_help"))

history, listing = st.columns([1, 3], gap="large")
with history:
    st.subheader(t("sandbox.moves_played"))
    with st.container(horizontal=True, gap="small", key="sandbox-steps"):
        st.button(t("sandbox.start"), key="sandbox-first", on_click=step, args=("start",),
                  disabled=not current.can_back, icon=":material/first_page:")
        st.button(t("sandbox.back"), key="sandbox-back", on_click=step, args=("back",),
                  disabled=not current.can_back, icon=":material/chevron_left:")
        st.button(t("sandbox.forward"), key="sandbox-forward", on_click=step,
                  args=("forward",), disabled=not current.can_forward,
                  icon=":material/chevron_right:")
        st.button(t("sandbox.end"), key="sandbox-last", on_click=step, args=("end",),
                  disabled=not current.can_forward, icon=":material/last_page:")
    if current.plies:
        lines = [
            ("**" if i == current.cursor - 1 else "")
            + safe_text.plain(f"{i + 1}. {ply.move.pretty}" + (" (sweep)" if ply.sweep else ""))
            + ("**" if i == current.cursor - 1 else "")
            for i, ply in enumerate(current.plies)
        ]
        st.markdown("  \n".join(lines))
        piles = current.piles()
        if piles:
            st.caption(" · ".join(t("sandbox.pile", seat=seat, cards=cards, sweeps=sweeps)
                                  for seat, (cards, sweeps) in sorted(piles.items())))
            board.piles({t("sandbox.pile_of", seat=seat): cards
                         for seat, (cards, _) in sorted(piles.items())})
    else:
        st.caption(t("sandbox.no_moves_yet"))

with listing:
    moves = sb.describe_moves(position) if not problems else sb.MoveList()
    st.subheader(t("sandbox.legal_moves", n=len(moves.effects)))
    if moves.effects:
        st.dataframe(
            {
                t("sandbox.col.move"): [e.text for e in moves.effects],
                t("sandbox.col.words"): [e.pretty for e in moves.effects],
                t("sandbox.col.does"): [e.effect for e in moves.effects],
                t("sandbox.col.after"): [e.table_after for e in moves.effects],
            },
            hide_index=True, width="stretch", key="sandbox-moves-table",
            height=min(35 * (len(moves.effects) + 1) + 3, 640),
            column_config={
                t("sandbox.col.move"): st.column_config.TextColumn(width="small"),
                t("sandbox.col.words"): st.column_config.TextColumn(width="medium"),
                t("sandbox.col.does"): st.column_config.TextColumn(width="medium"),
                t("sandbox.col.after"): st.column_config.TextColumn(width="medium"),
            },
        )
        with st.container(horizontal=True, vertical_alignment="bottom", key="sandbox-pick"):
            options = [e.text for e in moves.effects]
            st.selectbox(t("sandbox.pick_move"), options, key="sandbox.listed",
                         format_func=lambda text: text)
            st.button(t("sandbox.play_it"), key="sandbox-play-listed", on_click=play_listed)
        if advice_toggle("sandbox.advice"):
            advice_panel(position, "sandbox-advice")
    elif not problems:
        st.info(t("sandbox.no_legal"))

write_link(current)
