"""The Classroom's sign-in parts, for the teacher, drawn from their controllers
(flows/signin_page.py): the class's learners and their secrets (add learners, show or
reset a secret, the login cards, names that look alike), the wrong tries and lockouts
to lift, and the teacher's own signed-in devices."""

from __future__ import annotations

import streamlit as st

from tutorial_app.flows.signin_page import (
    NAME_MAX,
    DevicesController,
    LimitsController,
    RosterController,
    RosterScreen,
)
from tutorial_app.ui import login_cards, safe_text
from tutorial_app.words.i18n import t


def _add(ctl: RosterController) -> None:
    ctl.add(str(st.session_state.get("roster-names", "")))
    st.session_state["roster-names"] = ""


def _rename(ctl: RosterController) -> None:
    ctl.rename(st.session_state.get("rename-who"), str(st.session_state.get("rename-to", "")))


def class_learners(ctl: RosterController) -> None:
    """The class's learners and their secrets."""
    screen = ctl.screen()
    with st.expander(t("signin_panel.title"), icon=":material/badge:"):
        st.caption(t("signin_panel.help"))
        st.link_button(t("signin_panel.cards"), screen.cards_link, icon=":material/print:")
        with st.form("roster", border=False):
            st.text_area(t("signin_panel.add_names"), key="roster-names",
                         help=t("signin_panel.add_help"), height=100)
            st.form_submit_button(t("signin_panel.add"), on_click=_add, args=(ctl,))
        for name, why in screen.added:
            if why is None:
                st.success(t("signin_panel.added", name=safe_text.plain(name)))
            else:
                st.error(t("signin_panel.not_added", name=safe_text.plain(name),
                           why=safe_text.plain(why)))
        if not screen.secrets:
            return
        if st.toggle(t("signin_panel.show_secrets"), key="signin-show-secrets"):
            st.dataframe({t("class.col.learner"): [name for name, _ in screen.secrets],
                          t("signin_panel.col_pictures"): [shown for _, shown in
                                                           screen.secrets]},
                         hide_index=True, key="signin-secrets")
        names = screen.names
        who = st.selectbox(t("homework.learner"), list(names), format_func=names.__getitem__,
                           key="signin-reset-who")
        if who is not None:
            st.button(t("signin_panel.reset"), key="signin-reset", on_click=ctl.reset,
                      args=(int(who), names[int(who)]), icon=":material/autorenew:",
                      help=t("signin_panel.reset_help"))
            st.link_button(t("signin_panel.print_one"),
                           login_cards.one(screen.class_id, int(who)),
                           icon=":material/print:")  # issue 31, cards: that card alone
        if screen.reset_done is not None:
            name, first, second = screen.reset_done
            st.success(t("signin_panel.reset_done", name=safe_text.plain(name),
                         first=first, second=second))
        _look_alikes(ctl, screen)


def _look_alikes(ctl: RosterController, screen: RosterScreen) -> None:
    """Names that looked alike before such names were refused: kept, for a rename."""
    if not screen.look_alikes:
        return
    with st.container(border=True, key="look-alikes"):
        st.warning(t("signin_panel.look_alikes"), icon=":material/warning:")
        for group in screen.look_alikes:
            st.markdown("- " + " · ".join(f"{safe_text.plain(name)} (#{id_})"
                                          for id_, name in group))
        choices = {id_: f"{name} (#{id_})" for group in screen.look_alikes
                   for id_, name in group}
        with st.form("rename", border=False):
            st.selectbox(t("homework.learner"), list(choices), key="rename-who",
                         format_func=choices.__getitem__)
            st.text_input(t("signin_panel.new_name"), key="rename-to", max_chars=NAME_MAX)
            st.form_submit_button(t("signin_panel.rename"), on_click=_rename, args=(ctl,))
        found = screen.renamed
        if found is not None:
            (st.success if found[0] else st.error)(
                t("signin_panel.renamed", name=safe_text.plain(found[1])) if found[0]
                else safe_text.plain(found[1]))


def limits(ctl: LimitsController) -> None:
    """Wrong tries counted and lockouts, with "Lift"; the title says how many wrong
    tries and locks there are."""
    screen = ctl.screen()
    with st.expander(screen.title, icon=":material/shield_lock:", expanded=screen.expanded):
        st.caption(t("limits.panel_help"))
        if screen.lifted:
            st.success(t("limits.lifted", who=safe_text.plain(screen.lifted)),
                       icon=":material/lock_open:")
        if not screen.rows:
            st.info(t("limits.none"))
            return
        rows = screen.rows
        st.dataframe({
            t("limits.col.who"): [x.who for x in rows],
            t("limits.col.kind"): [x.kind for x in rows],
            t("limits.col.browser"): [x.browser for x in rows],
            t("limits.col.wrong"): [x.wrong for x in rows],
            t("limits.col.now"): [x.now for x in rows],
            t("limits.col.last"): [x.last for x in rows],
            t("limits.col.from"): [x.address for x in rows]},
            hide_index=True, key="limits-table")
        if not screen.liftable:
            st.caption(t("limits.nothing_locked"))
            return
        labels = {i: x.label for i, x in enumerate(screen.liftable)}
        pick = st.selectbox(t("limits.pick"), list(labels), key="limits-pick",
                            format_func=labels.__getitem__)
        if pick is not None:
            st.button(t("limits.lift"), key="limits-lift", on_click=ctl.lift,
                      args=(screen.liftable[int(pick)],), icon=":material/lock_open:")


def devices(ctl: DevicesController) -> None:
    """The teacher's signed-in browsers, told apart by this device, the address and the
    times; any can be signed out from here."""
    screen = ctl.screen()
    with st.expander(t("devices.title"), icon=":material/devices:"):
        st.caption(t("devices.help"))
        if not screen.rows:
            return
        rows = screen.rows
        st.dataframe({t("devices.col.device"): [x.device for x in rows],
                      t("devices.col.address"): [x.address for x in rows],
                      t("devices.col.signed_in"): [x.signed_in for x in rows],
                      t("devices.col.used"): [x.used for x in rows]},
                     hide_index=True, key="devices-table")
        labels = screen.choices
        pick = st.selectbox(t("devices.pick"), list(labels), key="devices-pick",
                            format_func=labels.__getitem__)
        if pick is not None:
            st.button(t("devices.end"), key="devices-end", on_click=ctl.end,
                      args=(int(pick),), icon=":material/logout:")
