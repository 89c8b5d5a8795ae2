"""What the Classroom's "ask the class" button will do, said on the button.

A control says what it will do: with no question up it asks the class what is on
the screen; while a question is up, pressing it would replace that question, so it
says so ("Ask this instead") and is no longer the page's main button; when the
screen shows the very question that is up, there is nothing to ask and a line says
the class is answering it. Plain Python, drawn by ui/live_panels.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial_app.words.i18n import t


@dataclass(frozen=True, slots=True)
class AskButton:
    label: str
    primary: bool        # the page's main action (no question up yet)
    enabled: bool
    note: str | None     # a line under the buttons saying why, when there is one


def ask_button(wanted: tuple[str, str] | None, up: tuple[str, str] | None) -> AskButton:
    """`wanted`: the question the screen would ask (None: a step with no move to make);
    `up`: the live question's (kind, ref), None when no question is up."""
    if up is None:
        return AskButton(t("live.ask"), primary=True, enabled=wanted is not None, note=None)
    if wanted == up:
        return AskButton(t("live.ask_instead"), primary=False, enabled=False,
                         note=t("live.asked_already"))
    return AskButton(t("live.ask_instead"), primary=False, enabled=wanted is not None,
                     note=t("live.ask_instead_note"))
