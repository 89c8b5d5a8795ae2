"""The card table on screen: the felt with loose cards and builds, the hand, and the
buttons that make a move (Capture, Build N, Trail, Clear).

Every card is an `st.button` with a readable label ("8 of spades") painted
with the app's own SVG (see `css.py`); clicking selects or unselects it.
What is selected lives in session state as a `moveinput.Selection` under
`<scope>.sel`; the last verdict under `<scope>.verdict`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Literal

import streamlit as st

from engine import BUILD, CAPTURE, TRAIL, Attempt, Build, Card, MoveKind, Position, Verdict
from tutorial_app.course.model import Feedback
from tutorial_app.flows import rulelinks
from tutorial_app.flows.moveinput import Selection, chosen_words, first_choose
from tutorial_app.ui import card_svg as svg
from tutorial_app.ui import safe_text
from tutorial_app.ui.css import (
    BIG_HEIGHT,
    BIG_PREFIX,
    CARD_HEIGHT,
    CARD_PREFIX,
    Painted,
    card_rules,
)
from tutorial_app.words import words
from tutorial_app.words.i18n import count as plural
from tutorial_app.words.i18n import t


def four_colour() -> bool:
    return bool(st.session_state.get("four_colour", False))


def selection(scope: str) -> Selection:
    value = st.session_state.get(f"{scope}.sel")
    return value if isinstance(value, Selection) else Selection()


def selection_on(scope: str, position: Position) -> Selection:
    """The selection, for the position on the board. One made on another position is
    gone: after the other seat's reply in a line, the next puzzle, the next line, a
    streak's next puzzle, a deal. Decided here, where every page draws its board,
    rather than by each page on each of its ways to a new position (a page that
    forgot one showed "Your card: 5♦" for a card now in the other seat's build)."""
    key = f"{scope}.sel.on"
    if st.session_state.get(key) != position:
        st.session_state[key] = position
        if not selection(scope).empty:
            st.session_state[f"{scope}.sel"] = Selection()
    return selection(scope)


def set_selection(scope: str, value: Selection) -> None:
    st.session_state[f"{scope}.sel"] = value
    st.session_state.pop(f"{scope}.verdict", None)


def clear(scope: str) -> None:
    set_selection(scope, Selection())


def _toggle(scope: str, how: Callable[[Selection], Selection]) -> None:
    set_selection(scope, how(selection(scope)))


@dataclass(frozen=True, slots=True)
class BoardLook:
    big: bool = False
    interactive: bool = True
    you: int | None = 0  # the seat shown as "You"; None in the sandbox

    @property
    def height(self) -> int:
        return BIG_HEIGHT if self.big else CARD_HEIGHT

    @property
    def prefix(self) -> str:
        return BIG_PREFIX if self.big else CARD_PREFIX


def _card_key(look: BoardLook, scope: str, zone: str, card: Card) -> str:
    return f"{look.prefix}{scope}-{zone}-{card}"


def _build_key(look: BoardLook, scope: str, build: Build) -> str:
    cards = "".join(str(c) for c in build.cards)
    return f"{look.prefix}{scope}-b{build.value}-{cards}"


def _zone_title(text: str) -> None:
    st.html(f'<div class="ct-zone">{escape(text)}</div>')


def _zone_head(title: str, painted: list[Painted], look: BoardLook, note: str = "") -> None:
    """A zone's title, an optional note under it, and the CSS that paints its card
    buttons, as one element (each element costs the server a message per click)."""
    css = card_rules(painted, look.height)
    st.html(f'<div class="ct-zone">{escape(title)}</div>{note}{css}')


def _selected(label: str, selected: bool) -> str:
    """A card's label, said as selected when it is (one whole entry, which a language
    can agree with the card: "o 7 de copas (carta selecionada)")."""
    return t("board.card_selected", card=label) if selected else label


def _selected_build(label: str, selected: bool) -> str:
    return t("board.build_selected", build=label) if selected else label


def _look(selected: bool) -> Literal["primary", "secondary"]:
    """A selected card is a primary button, which BASE_CSS raises with a gold edge: so
    the cards' own CSS stays the same whatever is selected, and the browser keeps it."""
    return "primary" if selected else "secondary"


def table(position: Position, scope: str, look: BoardLook = BoardLook()) -> None:
    """The felt: loose cards then builds, each clickable when the look is interactive."""
    sel = selection_on(scope, position)
    colours = four_colour()
    loose = [(card, _card_key(look, scope, "t", card), card in sel.loose)
             for card in position.loose]
    builds = [(build, _build_key(look, scope, build), build in sel.builds)
              for build in position.builds]
    painted = [Painted(key, svg.card_svg(card, colours)) for card, key, _ in loose]
    painted += [Painted(key, svg.build_svg(build, colours, look.you, position.players),
                        svg.WIDTH + svg.FAN * (len(build.cards) - 1) + 8, svg.HEIGHT + 34)
                for build, key, _ in builds]
    empty = (f'<div class="ct-empty">{escape(t("board.table_empty"))}</div>'
             if position.table_empty else "")
    with st.container(key=f"felt-{scope}"):
        _zone_head(t("board.table"), painted, look, empty)
        with st.container(horizontal=True, gap="small"):
            for card, key, chosen in loose:
                st.button(_selected(svg.card_name(card), chosen), key=key, type=_look(chosen),
                          disabled=not look.interactive,
                          on_click=_toggle, args=(scope, lambda s, c=card: s.toggle_loose(c)))
            for build, key, chosen in builds:
                st.button(_selected_build(svg.build_label(build, look.you, position.players),
                                          chosen),
                          key=key, type=_look(chosen), disabled=not look.interactive,
                          on_click=_toggle,
                          args=(scope, lambda s, b=build: s.toggle_build(b)))


def hand(position: Position, scope: str, look: BoardLook = BoardLook(),
         title: str | None = None) -> None:
    """The player's hand: clicking a card chooses it as the card to play."""
    sel = selection_on(scope, position)
    colours = four_colour()
    cards = [(card, _card_key(look, scope, "h", card), sel.card == card)
             for card in position.hand]
    painted = [Painted(key, svg.card_svg(card, colours)) for card, key, _ in cards]
    with st.container(key=f"hand-{scope}"):
        _zone_head(title or t("board.your_hand"), painted, look)
        if not position.hand:
            st.caption(t("board.hand_empty"))
        with st.container(horizontal=True, gap="small"):
            for card, key, chosen in cards:
                st.button(_selected(svg.card_name(card), chosen), key=key, type=_look(chosen),
                          disabled=not look.interactive, on_click=_toggle,
                          args=(scope, lambda s, c=card: s.toggle_hand(c)))


def picture(position: Position, scope: str, big: bool = False,
            marked: Selection | None = None) -> None:
    """A position shown but not played (read steps, choose steps, the classroom); the
    cards and builds of `marked` (an answer's choice) raised with a gold edge and
    read out as selected."""
    look = BoardLook(big=big, interactive=False)
    height = look.height
    colours = four_colour()
    chosen = marked or Selection()

    def css(on: bool) -> str:
        return "ct-card ct-marked" if on else "ct-card"

    with st.container(key=f"felt-{scope}"):
        _zone_title(t("board.table"))
        parts = [svg.img_tag(svg.card_svg(c, colours),
                             _selected(svg.card_name(c), c in chosen.loose), height,
                             css(c in chosen.loose))
                 for c in position.loose]
        players = position.players
        parts += [svg.img_tag(svg.build_svg(b, colours, look.you, players),
                              _selected_build(svg.build_label(b, look.you, players),
                                              b in chosen.builds),
                              height + 34 * height // svg.HEIGHT, css(b in chosen.builds))
                  for b in position.builds]
        if parts:
            st.html(f'<div class="ct-row">{"".join(parts)}</div>')
        else:
            st.html(f'<div class="ct-empty">{escape(t("board.table_empty"))}</div>')
    if position.hand:
        with st.container(key=f"hand-{scope}"):
            _zone_title(t("board.your_hand"))
            cards = "".join(svg.img_tag(svg.card_svg(c, colours),
                                        _selected(svg.card_name(c), c == chosen.card), height,
                                        css(c == chosen.card)) for c in position.hand)
            st.html(f'<div class="ct-row">{cards}</div>')


AttemptHandler = Callable[[Attempt], None]


def _fire(scope: str, kind: MoveKind, on_attempt: AttemptHandler,
          value: int | None = None) -> None:
    """Hand the attempt on, and remember the selection it was made from: the answer
    to a try is shown only while the selection is still the one tried. Pressed with
    nothing chosen, it is no attempt: the bar says what to choose first."""
    sel = selection(scope)
    first = first_choose(sel, kind)
    if first is not None:
        st.session_state[f"{scope}.first"] = first
        return
    st.session_state[f"{scope}.tried"] = sel
    on_attempt(sel.attempt(kind, value if kind == BUILD else None))


def still_tried(scope: str) -> bool:
    """Is the selection on screen the one the last try was made from? A click on a
    card (or Start again) changes it, and the old message goes."""
    tried = st.session_state.get(f"{scope}.tried")
    return tried is None or tried == selection(scope)


def start_again(scope: str) -> None:
    """One click after a wrong try: the selection and the message go."""
    clear(scope)
    st.session_state[f"{scope}.tried"] = _CLEARED  # equal to no selection: the message goes


_CLEARED = "cleared"


def action_bar(position: Position, scope: str, on_attempt: AttemptHandler,
               enabled: bool = True, builds: bool = True) -> None:
    """Capture / Build N / Trail / Clear. A pressed action hands the attempt (legal or
    not) to `on_attempt`, which runs before the page is drawn again. `builds` False
    leaves out the Build buttons (a lesson before builds are taught: the Learn page's
    `PlayerScreen.builds`); the other pages keep them wherever the rules allow builds."""
    sel = selection_on(scope, position)
    rules = position.rules
    said = chosen_words(sel)
    builds = builds and rules.builds
    if said:
        st.markdown(said)
    else:  # the buttons a learner will see, and no other
        st.caption(t("board.how_to" if builds else "board.how_to_no_build"))
    made = sel.build_values(rules)  # what the cards make: the total first
    values = sel.build_offers(rules)  # no value beside it that no build can have
    # No action looks pressed (a primary button) before anything is chosen: they are
    # all plain buttons; a chosen card is the one raised (BASE_CSS).
    with st.container(horizontal=True, gap="small", vertical_alignment="bottom",
                      key=f"actions-{scope}"):
        st.button(t("board.capture"), key=f"{scope}-capture",
                  disabled=not enabled, icon=":material/back_hand:",
                  help=t("board.capture_help"),
                  on_click=_fire, args=(scope, CAPTURE, on_attempt))
        if builds:
            # the values the selected cards make that a build can have, nothing guessed
            for value in values:
                helps = "board.build_help" if value == made[0] else "board.build_help_groups"
                st.button(t("board.build", n=value), key=f"{scope}-build-{value}",
                          disabled=not enabled, icon=":material/layers:",
                          help=t(helps, n=value, total=made[0]),
                          on_click=_fire, args=(scope, BUILD, on_attempt, value))
            if not values:
                st.button(t("board.build_plain"), key=f"{scope}-build",
                          disabled=not enabled, icon=":material/layers:",
                          on_click=_fire, args=(scope, BUILD, on_attempt, None))
        st.button(t("board.trail"), key=f"{scope}-trail", disabled=not enabled,
                  icon=":material/south:", help=t("board.trail_help"),
                  on_click=_fire, args=(scope, TRAIL, on_attempt))
        st.button(t("board.clear"), key=f"{scope}-clear", type="tertiary",
                  disabled=not enabled or sel.empty, on_click=clear, args=(scope,))
    first = st.session_state.pop(f"{scope}.first", None)
    if first and sel.empty:  # said once, under the buttons pressed too early
        st.warning(str(first), icon=":material/touch_app:")


def rule_note(message: str, rule: str | None) -> str:
    """" (rule 4.1)" as a link to the rule, unless the words already cite that rule."""
    if not rule or rulelinks.cites(message, rule):
        return ""
    return " " + rulelinks.link_refs(f"({rule})")


def judged(feedback: Feedback, scope: str | None = None) -> None:
    """A try the rules do not allow: one explanation in red (the lesson's words when
    they name the cards, else the judge's with the lesson's advice after them), its
    rule numbers linked to the Rules page, and Start again, which clears the
    selection and the message in one click. Gone once the selection changes."""
    if scope is not None and not still_tried(scope):
        return
    words = feedback.message
    rule = rule_note(words, feedback.rule)
    st.error(rulelinks.linked(words, safe_text.lesson) + rule, icon=":material/block:")
    if scope is not None:
        again_button(scope)


def missed(message: str, scope: str | None = None) -> None:
    """A legal move that misses the goal: one message, and Start again."""
    if scope is not None and not still_tried(scope):
        return
    st.warning(rulelinks.linked(message, safe_text.lesson), icon=":material/replay:")
    if scope is not None:
        again_button(scope)


def linked_lesson(text: str) -> str:
    """Lesson prose with its rule numbers as links to the Rules page."""
    return rulelinks.linked(text, safe_text.lesson)


def again_button(scope: str) -> None:
    st.button(t("board.start_again"), key=f"{scope}-again", icon=":material/restart_alt:",
              on_click=start_again, args=(scope,))


def show_verdict(verdict: Verdict | None) -> None:
    """The judge's words right under the move: green when legal, red when not."""
    if verdict is None:
        return
    said = words.verdict(verdict)
    message = rulelinks.linked(said, safe_text.plain)
    if verdict.legal:
        st.success(message, icon=":material/check_circle:")
    else:
        rule = rule_note(said, verdict.rule)
        st.error(f"{message}{rule}", icon=":material/block:")


def pile(count: int, caption: str, big: bool = False) -> None:
    """A captured pile (or the stock) as a face-down stack with its count."""
    piles({caption: count}, big)


def piles(counts: dict[str, int], big: bool = False, height: int | None = None) -> None:
    """Several stacks side by side, e.g. each seat's captured cards, or the stock
    (caption "Stock · deal 3 of 6") where a game has one. `height` (pixels, caption
    included) draws them smaller than a card, e.g. in a side column."""
    height = height or (BIG_HEIGHT if big else CARD_HEIGHT) + 40
    images = "".join(
        svg.img_tag(svg.stack_svg(count, caption),
                    f"{caption}: {plural(count, 'board-cards')}", height)
        for caption, count in counts.items())
    st.html(f'<div class="ct-row">{images}</div>')
