"""The Classroom's sign-in parts, for the teacher: the class's learners and their
secrets (add learners, show or reset a secret, the login cards, names that look
alike), the wrong tries and lockouts to lift, and the teacher's own signed-in
devices. What each click does is in services/ (classes.py, teacher_signin.py)."""

from __future__ import annotations

import time

import streamlit as st

from tutorial_app.flows.class_report import ago
from tutorial_app.services import agents, guard, pictures
from tutorial_app.services.classes import ClassroomError, ClassStore, SchoolClass
from tutorial_app.services.guard import Limit
from tutorial_app.services.names import MAX_TYPED, UnusableNameError
from tutorial_app.services.teacher_signin import TeacherSignIn
from tutorial_app.ui import login_cards, safe_text
from tutorial_app.words.i18n import count, t

_RESET: str = "signin-panel.reset"      # the last secret reset: (learner name, pictures)
_ADDED: str = "signin-panel.added"      # the roster's last results
_RENAMED: str = "signin-panel.renamed"


def _reset(rooms: ClassStore, learner_id: int, name: str) -> None:
    secret = rooms.reset_secret(learner_id)
    st.session_state[_RESET] = (name, secret.first, secret.second)


def _add(rooms: ClassStore, class_id: int) -> None:
    typed = str(st.session_state.get("roster-names", "")).splitlines()
    st.session_state[_ADDED] = rooms.add_learners(class_id, typed[:100])
    st.session_state["roster-names"] = ""


def _rename(rooms: ClassStore) -> None:
    who = st.session_state.get("rename-who")
    if who is None:
        return
    try:
        done = rooms.rename_learner(int(who), str(st.session_state.get("rename-to", "")))
        st.session_state[_RENAMED] = (True, done.name)
    except (ClassroomError, UnusableNameError, TypeError, ValueError) as error:
        st.session_state[_RENAMED] = (False, str(error))


def class_learners(rooms: ClassStore, room: SchoolClass) -> None:
    """The class's learners and their secrets."""
    with st.expander(t("signin_panel.title"), icon=":material/badge:"):
        st.caption(t("signin_panel.help"))
        st.link_button(t("signin_panel.cards"), f"cards?class={room.id}",
                       icon=":material/print:")
        with st.form("roster", border=False):
            st.text_area(t("signin_panel.add_names"), key="roster-names",
                         help=t("signin_panel.add_help"), height=100)
            st.form_submit_button(t("signin_panel.add"), on_click=_add,
                                  args=(rooms, room.id))
        for name, why in st.session_state.pop(_ADDED, []):
            if why is None:
                st.success(t("signin_panel.added", name=safe_text.plain(name)))
            else:
                st.error(t("signin_panel.not_added", name=safe_text.plain(name),
                           why=safe_text.plain(why)))
        cards = rooms.secrets_of(room.id)
        if not cards:
            return
        if st.toggle(t("signin_panel.show_secrets"), key="signin-show-secrets"):
            st.dataframe({t("class.col.learner"): [x.name for x, _ in cards],
                          t("signin_panel.col_pictures"): [
                              f"{pictures.picture(s.first)} · {pictures.picture(s.second)}"
                              for _, s in cards]},
                         hide_index=True, key="signin-secrets")
        names = {x.id: x.name for x, _ in cards}
        who = st.selectbox(t("homework.learner"), list(names), format_func=names.__getitem__,
                           key="signin-reset-who")
        if who is not None:
            st.button(t("signin_panel.reset"), key="signin-reset", on_click=_reset,
                      args=(rooms, int(who), names[int(who)]), icon=":material/autorenew:",
                      help=t("signin_panel.reset_help"))
            st.link_button(t("signin_panel.print_one"), login_cards.one(room.id, int(who)),
                           icon=":material/print:")  # issue 31, cards: that card alone
        done = st.session_state.get(_RESET)
        if done is not None and done[0] in names.values():
            st.success(t("signin_panel.reset_done", name=safe_text.plain(done[0]),
                         first=pictures.picture(done[1]), second=pictures.picture(done[2])))
        _look_alikes(rooms, list(names))


def _look_alikes(rooms: ClassStore, learner_ids: list[int]) -> None:
    """Names that looked alike before such names were refused: kept, for a rename."""
    groups = rooms.look_alikes(learner_ids)
    if not groups:
        return
    with st.container(border=True, key="look-alikes"):
        st.warning(t("signin_panel.look_alikes"), icon=":material/warning:")
        for group in groups:
            st.markdown("- " + " · ".join(f"{safe_text.plain(x.name)} (#{x.id})"
                                          for x in group))
        choices = {x.id: f"{x.name} (#{x.id})" for group in groups for x in group}
        with st.form("rename", border=False):
            st.selectbox(t("homework.learner"), list(choices), key="rename-who",
                         format_func=choices.__getitem__)
            st.text_input(t("signin_panel.new_name"), key="rename-to", max_chars=MAX_TYPED)
            st.form_submit_button(t("signin_panel.rename"), on_click=_rename, args=(rooms,))
        found = st.session_state.pop(_RENAMED, None)
        if found is not None:
            (st.success if found[0] else st.error)(
                t("signin_panel.renamed", name=safe_text.plain(found[1])) if found[0]
                else safe_text.plain(found[1]))


_KINDS = {guard.TEACHER: "limits.kind.teacher", guard.JOIN: "limits.kind.join",
          guard.SECRET: "limits.kind.pictures", guard.CARD: "limits.kind.card"}
_LIFTED: str = "limits.lifted"  # who the last "Lift" unlocked


def _who(limit: Limit, learners: dict[str, str], teachers: dict[str, str]) -> str:
    """Whose count a row is, as the teacher names them: a learner (and class), a
    teacher's name (as typed, when no teacher has it), an address, a browser."""
    if limit.scope == guard.ADDRESS:
        return t("limits.address", address=limit.subject)
    if limit.kind == guard.SECRET:
        return learners.get(limit.account, t("limits.unknown_name"))
    if limit.kind == guard.TEACHER:
        return t("limits.teacher_name", name=teachers.get(limit.account, limit.account))
    return t("limits.a_browser")


def _browsers(limit: Limit) -> str:
    if limit.scope == guard.ADDRESS:
        return t("limits.browser.address")
    return t("limits.browser.known" if limit.scope == guard.DEVICE else "limits.browser.new")


def _now(limit: Limit, now: float) -> str:
    """The row's state in words: locked (for how long), closed, spent, or open."""
    if limit.shut:
        if limit.scope == guard.DEVICE:
            return t("limits.state.spent")
        return t("limits.state.shut_secret" if limit.kind == guard.SECRET
                 else "limits.state.shut_password")
    if limit.locked(now):
        minutes = max(1, -(-int(limit.locked_until - now) // 60))
        if minutes > 120:
            return count(-(-minutes // 60), "limits_state_hours")
        return count(minutes, "limits_state_minutes")
    policy = guard.POLICIES.get((limit.kind, limit.scope))
    return t("limits.state.counted" if policy is not None and not policy.refuses
             else "limits.state.open")


def _lift(tsignin: TeacherSignIn, limit: Limit, who: str) -> None:
    tsignin.lift(limit)
    st.session_state[_LIFTED] = who


def limits(tsignin: TeacherSignIn, rooms: ClassStore, rooms_of: list[SchoolClass]) -> None:
    """Wrong tries counted and lockouts, with "Lift" (services/guard.py): per learner of
    the teacher's classes, per teacher name, per address and per known browser; the
    title says how many wrong tries and locks there are."""
    now = time.time()
    found = sorted(tsignin.limits(), key=lambda x: not (x.locked(now) or x.shut))
    locked = [x for x in found if x.locked(now) or (x.shut and x.scope == guard.ACCOUNT)]
    title = t("limits.title")
    if found:
        title += " · " + count(sum(x.strikes for x in found), "limits_wrong_total")
    if locked:
        title += " · " + count(len(locked), "lockouts")
    with st.expander(title, icon=":material/shield_lock:", expanded=bool(locked)):
        st.caption(t("limits.panel_help"))
        lifted = st.session_state.pop(_LIFTED, None)
        if lifted:
            st.success(t("limits.lifted", who=safe_text.plain(lifted)),
                       icon=":material/lock_open:")
        if not found:
            st.info(t("limits.none"))
            return
        learners = rooms.secret_labels(rooms_of)  # "João (5A)" where two classes have one
        teachers = tsignin.teacher_names()
        st.dataframe({
            t("limits.col.who"): [_who(x, learners, teachers) for x in found],
            t("limits.col.kind"): [t(_KINDS.get(x.kind, "limits.kind.pictures"))
                                   for x in found],
            t("limits.col.browser"): [_browsers(x) for x in found],
            t("limits.col.wrong"): [x.strikes for x in found],
            t("limits.col.now"): [_now(x, now) for x in found],
            t("limits.col.last"): [ago(x.last_failure, now) for x in found],
            t("limits.col.from"): [x.last_address for x in found]},
            hide_index=True, key="limits-table")
        liftable = {i: x for i, x in enumerate(found) if x.locked(now)}
        if not liftable:
            st.caption(t("limits.nothing_locked"))
            return
        labels = {i: " · ".join((_who(x, learners, teachers),
                                 t(_KINDS.get(x.kind, "limits.kind.pictures")), _browsers(x)))
                  for i, x in liftable.items()}
        pick = st.selectbox(t("limits.pick"), list(labels), key="limits-pick",
                            format_func=labels.__getitem__)
        if pick is not None:
            st.button(t("limits.lift"), key="limits-lift", on_click=_lift,
                      args=(tsignin, liftable[int(pick)], labels[int(pick)]),
                      icon=":material/lock_open:")


def devices(tsignin: TeacherSignIn) -> None:
    """The teacher's signed-in browsers, named as people name them ("Chrome on
    Android", services/agents.py) and told apart by this device, the address and the
    times; any can be signed out from here. Shown as plain text: a user-agent string is
    whatever the browser sent."""
    sessions = tsignin.sessions()
    now = time.time()
    with st.expander(t("devices.title"), icon=":material/devices:"):
        st.caption(t("devices.help"))
        if not sessions:
            return
        this = tsignin.session_id
        named = {s.id: (t("devices.this_named", device=agents.named(s.agent))
                        if s.id == this else agents.named(s.agent)) for s in sessions}
        st.dataframe({t("devices.col.device"): [named[s.id] for s in sessions],
                      t("devices.col.address"): [s.address for s in sessions],
                      t("devices.col.signed_in"): [ago(s.created, now) for s in sessions],
                      t("devices.col.used"): [ago(s.used, now) for s in sessions]},
                     hide_index=True, key="devices-table")
        labels: dict[int, str] = {}
        for s in sessions:  # every choice its own words, even for twin browsers
            label = t("devices.choice", device=named[s.id], address=s.address,
                      signed_in=ago(s.created, now), used=ago(s.used, now))
            twins = sum(1 for seen in labels.values() if seen.startswith(label))
            labels[s.id] = f"{label} ({twins + 1})" if twins else label
        pick = st.selectbox(t("devices.pick"), list(labels), key="devices-pick",
                            format_func=labels.__getitem__)
        if pick is not None:
            st.button(t("devices.end"), key="devices-end", on_click=tsignin.end_session,
                      args=(int(pick),), icon=":material/logout:")
