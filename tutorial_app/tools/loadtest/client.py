"""A Streamlit client that speaks the browser's websocket protocol, for load tests.

Why not a browser: thirty Chromium tabs do not fit on two cores next to the
server they measure; a protocol client costs a few milliseconds per click.

The protocol (Streamlit 1.67, `/_stcore/stream`, binary protobuf frames):

* The client opens the websocket with the subprotocol "streamlit" (the second and
  third entries of that header would carry an XSRF token and a session id to
  resume; neither is needed here) and sends a `BackMsg.rerun_script` holding a
  `ClientState`: the query string, the page (`page_name` = a page's url path on
  first load, `page_script_hash` afterwards), the widget states and some browser
  context (url, timezone, locale).
* The server runs the script and streams `ForwardMsg`s: `new_session` (a run
  started; `metadata.run` tells a full run from a fragment run), `navigation`
  (the pages of `st.navigation`, with the current page's hash),
  `page_info_changed` (the script changed `st.query_params`), `delta`s (one per
  element or block, placed by `metadata.delta_path`; widgets carry their id
  `$$ID-<hash>-<user key>`), and finally `script_finished`. A callback that calls
  `st.rerun()` or `st.switch_page()` ends the run with FINISHED_EARLY_FOR_RERUN
  and another run follows straight away; the click is done only at the next
  FINISHED_SUCCESSFULLY (or FINISHED_WITH_COMPILE_ERROR).
* A click is another `rerun_script` whose widget states hold the current value of
  every widget on the page (as a browser sends them) plus the clicked button
  with `trigger_value = true`. Widgets in a form keep their typed values back
  until the form's submit button is clicked, as in the browser.
* `st.fragment(run_every=...)` is driven by the client: the server sends
  `auto_rerun` (fragment id, interval) and the client then sends a
  `rerun_script` with that `fragment_id` and `is_auto_rerun` every interval,
  until `stop_auto_rerun` or the next full run (which announces again the
  fragments it still draws). These reruns are counted but not timed as clicks.
* Exceptions come as `exception` elements (or a `session_event` for a script
  that does not compile); they are recorded with the click that caused them.

A click is timed from sending its BackMsg to receiving the `script_finished`
that ends it: the time the learner waits for the page to settle. Opening a
page is timed from the start of the websocket handshake, since a server busy
setting up sessions makes the learner wait there too. The client
sends no `cached_message_hashes`, so the server always sends whole messages
(a browser with a warm cache would get some as references).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.Element_pb2 import Element as ElementProto
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException
from websockets.typing import Subprotocol

STREAM_PATH: Final = "/_stcore/stream"
DEFAULT_TIMEOUT: Final = 30.0
ID_PREFIX: Final = "$$ID-"
MAIN, SIDEBAR = 0, 1  # the first entry of a delta path: which root container
WIDGET_KINDS: Final = frozenset({
    "button", "download_button", "checkbox", "text_input", "text_area", "number_input",
    "radio", "selectbox", "multiselect", "slider", "button_group", "date_input",
    "time_input", "color_picker", "chat_input", "file_uploader", "camera_input",
    "audio_input", "feedback", "pagination", "menu_button",
})
TEXT_KINDS: Final = frozenset({"alert", "markdown", "heading", "text", "code", "metric",
                               "page_link", "exception"})
_SELECTED = re.compile(r"\s*\(selected\)$")
_FINISHED_FULL: Final = frozenset({ForwardMsg.FINISHED_SUCCESSFULLY,
                                   ForwardMsg.FINISHED_WITH_COMPILE_ERROR})


class SessionError(Exception):
    """The connection is unusable: websocket closed or failed, or a run timed out."""


class RunTimeout(SessionError):
    pass


class WidgetNotFound(LookupError):
    """No widget on the page matches; the scenario decides what to do instead."""


def user_key(element_id: str) -> str | None:
    """The `key=` a widget was given, from its id `$$ID-<hash>-<key>` ("None": no key)."""
    if not element_id.startswith(ID_PREFIX):
        return None
    key = element_id.split("-", 2)[-1]
    return None if key == "None" else key


@dataclass(slots=True)
class Widget:
    """A widget as the page shows it, enough to find it and send its state."""

    id: str
    kind: str
    label: str
    path: tuple[int, ...]
    disabled: bool = False
    form_id: str = ""
    is_submit: bool = False
    fragment_id: str = ""
    options: tuple[str, ...] = ()
    button_type: str = ""  # primary / secondary / tertiary, for buttons

    @property
    def key(self) -> str | None:
        return user_key(self.id)

    @property
    def plain_label(self) -> str:
        """The label without a trailing " (selected)", as the app marks chosen cards."""
        return _SELECTED.sub("", self.label)

    @property
    def in_sidebar(self) -> bool:
        return bool(self.path) and self.path[0] == SIDEBAR


@dataclass(frozen=True, slots=True)
class Shown:
    """A non-widget element worth reading: alerts, text, links, exceptions."""

    kind: str
    text: str
    detail: str = ""  # alert format (ERROR, WARNING, INFO, SUCCESS); a link's page
    fragment_id: str = ""  # the st.fragment that drew it, if any


@dataclass(slots=True)
class Page:
    """What the learner sees after the last finished run."""

    widgets: dict[tuple[int, ...], Widget] = field(default_factory=dict)
    shown: dict[tuple[int, ...], Shown] = field(default_factory=dict)

    def find(self, *, key: str | None = None, prefix: str | None = None,
             pattern: str | None = None, label: str | None = None, kind: str | None = None,
             form_id: str | None = None, submit: bool | None = None, enabled: bool = True,
             main_only: bool = False) -> list[Widget]:
        """Widgets matching every criterion given, in page order. `label` matches the
        whole label (without " (selected)") first, then labels starting with it, so
        label="Next" finds "Next" before "Next puzzle"."""
        found = []
        regex = re.compile(pattern) if pattern else None
        for path in sorted(self.widgets):
            widget = self.widgets[path]
            wkey = widget.key or ""
            if (key is not None and wkey != key) or (prefix is not None
                                                     and not wkey.startswith(prefix)):
                continue
            if regex is not None and not regex.search(wkey):
                continue
            if kind is not None and widget.kind != kind:
                continue
            if form_id is not None and widget.form_id != form_id:
                continue
            if submit is not None and widget.is_submit != submit:
                continue
            if enabled and widget.disabled:
                continue
            if main_only and widget.in_sidebar:
                continue
            if label is not None and not widget.plain_label.startswith(label):
                continue
            found.append(widget)
        if label is not None:
            found.sort(key=lambda w: w.plain_label != label)  # stable: exact matches first
        return found

    def first(self, **criteria: Any) -> Widget | None:
        """The first widget `find` gives for these criteria, or None."""
        found = self.find(**criteria)
        return found[0] if found else None

    def texts(self, kind: str | None = None, detail: str | None = None) -> list[str]:
        return [item.text for _, item in sorted(self.shown.items())
                if (kind is None or item.kind == kind)
                and (detail is None or item.detail == detail)]

    def alerts(self, level: str) -> list[str]:
        """Alert texts of one level: "success", "warning", "error" or "info"."""
        return self.texts("alert", level.upper())

    @property
    def exceptions(self) -> list[str]:
        return self.texts("exception")


@dataclass(frozen=True, slots=True)
class Interaction:
    """One timed request: from the BackMsg sent to the script_finished received."""

    kind: str  # load, click, submit, change, goto
    target: str
    started: float  # time.monotonic()
    seconds: float
    runs: int  # script runs it took (2 when a callback switched page or reran)
    error: str | None = None
    exceptions: tuple[str, ...] = ()


Observer = Callable[[Interaction], None]


def _value_state(widget_id: str, kind: str, element: Any) -> WidgetState | None:
    """The state a browser would report for a freshly drawn widget: its value when
    the script set one, else its default; None when it has no value to report."""
    state = WidgetState(id=widget_id)
    set_value = bool(getattr(element, "set_value", False))
    if kind == "checkbox":
        state.bool_value = bool(element.value if set_value else element.default)
    elif kind in ("text_input", "text_area"):
        if set_value:
            state.string_value = str(element.value)
        elif element.HasField("default"):
            state.string_value = str(element.default)
        else:
            return None
    elif kind == "number_input":
        if set_value and element.HasField("value"):
            state.double_value = float(element.value)
        elif element.HasField("default"):
            state.double_value = float(element.default)
        else:
            return None
    elif kind in ("radio", "selectbox"):
        options: Sequence[str] = element.options
        if set_value and element.HasField("raw_value"):
            state.string_value = str(element.raw_value)
        elif element.HasField("default") and 0 <= element.default < len(options):
            state.string_value = options[element.default]
        else:
            return None
    else:
        return None  # kinds the scenarios do not set keep their server-side defaults
    return state


def _widget(kind: str, element: Any, path: tuple[int, ...], fragment_id: str) -> Widget:
    return Widget(
        id=str(getattr(element, "id", "")),
        kind=kind,
        label=str(getattr(element, "label", "")),
        path=path,
        disabled=bool(getattr(element, "disabled", False)),
        form_id=str(getattr(element, "form_id", "")),
        is_submit=bool(getattr(element, "is_form_submitter", False)),
        fragment_id=fragment_id,
        options=tuple(str(o) for o in getattr(element, "options", ())),
        button_type=str(getattr(element, "type", "")) if kind == "button" else "",
    )


def _shown(kind: str, element: ElementProto, fragment_id: str = "") -> Shown:
    if kind == "alert":
        return Shown(kind, element.alert.body, Alert.Format.Name(element.alert.format),
                     fragment_id)
    if kind == "exception":
        return Shown(kind, f"{element.exception.type}: {element.exception.message}", "",
                     fragment_id)
    if kind == "page_link":
        return Shown(kind, element.page_link.label,
                     f"{element.page_link.page}?{element.page_link.query_string}", fragment_id)
    if kind == "metric":
        return Shown(kind, f"{element.metric.label}: {element.metric.body}", "", fragment_id)
    body = getattr(getattr(element, kind), "body", "")
    return Shown(kind, str(body)[:500], "", fragment_id)


class Session:
    """One browser tab's worth of Streamlit session over the websocket protocol.

    A background task reads every ForwardMsg as it comes, so pushes between clicks
    (a fragment's timed rerun, a projector's poll) keep the page model current.
    """

    def __init__(self, base_url: str, *, timeout: float = DEFAULT_TIMEOUT,
                 observer: Observer | None = None, timezone: str = "Europe/London",
                 locale: str = "en-GB", headers: Mapping[str, str] | None = None) -> None:
        """`headers`: more headers for the websocket's handshake (a forged
        X-Forwarded-For, in the tests of the proxy)."""
        parts = urlsplit(base_url.rstrip("/"))
        self.base_url = urlunsplit((parts.scheme or "http", parts.netloc, parts.path, "", ""))
        scheme = "wss" if parts.scheme == "https" else "ws"
        self.ws_url = urlunsplit((scheme, parts.netloc, parts.path + STREAM_PATH, "", ""))
        self.timeout = timeout
        self.observer = observer
        self.timezone = timezone
        self.locale = locale
        self.headers = dict(headers or {})
        self.page = Page()
        self.page_hash = ""
        self.page_path = ""  # url path of the current page ("" = the default page)
        self.query_string = ""
        self.pages: dict[str, str] = {}  # url path -> page script hash (st.navigation)
        self.history: list[Interaction] = []
        self.runs = 0  # script runs the server finished for this session
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._values: dict[str, WidgetState] = {}  # what a browser reports, by widget id
        self._pending: dict[str, WidgetState] = {}  # typed into a form, not yet submitted
        self._building = Page()
        self._fragment = Page()
        self._run_exceptions: list[str] = []
        self._waiter: asyncio.Future[float] | None = None
        self._waiting_fragment = False
        self._in_fragment_run = False
        self._run_fragments: frozenset[str] = frozenset()  # the fragments the run redraws
        self._runs_in_wait = 0
        self._broken: str | None = None
        self._changed = asyncio.Event()
        self._timers: dict[str, asyncio.Task[None]] = {}  # fragment id -> auto-rerun loop

    # ----- connection ------------------------------------------------------------------

    async def open(self, page: str = "", query: str = "") -> Interaction:
        """Connect and load a page (by url path, "" for the default), as a browser
        opening http://host/<page>?<query> would."""
        started = time.monotonic()  # the learner waits for the handshake too
        try:
            self._ws = await asyncio.wait_for(
                connect(self.ws_url, subprotocols=[Subprotocol("streamlit")],
                        max_size=None, open_timeout=self.timeout, ping_interval=None,
                        additional_headers=self.headers or None),
                self.timeout)
        except (OSError, WebSocketException, TimeoutError) as error:
            failed = Interaction("load", page or "/", started, 0.0, 0,
                                 f"connect: {type(error).__name__}: {error}")
            self._record(failed)
            raise SessionError(failed.error) from error
        self._reader = asyncio.create_task(self._read_forever(), name="streamlit-reader")
        self.page_path = page
        self.query_string = query
        state = self._client_state(page_name=page)
        return await self._exchange("load", page or "/", state, started=started)

    async def close(self) -> None:
        self._stop_timers()
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._ws.close(), 5)
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        self._ws = None
        self._reader = None

    async def __aenter__(self) -> Session:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    @property
    def broken(self) -> str | None:
        return self._broken

    # ----- what a learner does -----------------------------------------------------------

    def widget(self, target: Widget | None = None, **criteria: Any) -> Widget:
        """The widget itself, or the first one on the page matching the criteria
        (see Page.find); WidgetNotFound if there is none."""
        if target is not None:
            return target
        found = self.page.first(**criteria)
        if found is None:
            raise WidgetNotFound(", ".join(f"{k}={v!r}" for k, v in criteria.items()))
        return found

    async def click(self, target: Widget | None = None,
                    **criteria: Any) -> Interaction:
        """Press a button (a form's submit button sends what was typed into the form)."""
        widget = self.widget(target, **criteria)
        if widget.is_submit and widget.form_id:
            self._commit_form(widget.form_id)
        trigger = WidgetState(id=widget.id, trigger_value=True)
        state = self._client_state(trigger=trigger, fragment_id=widget.fragment_id)
        kind = "submit" if widget.is_submit else "click"
        return await self._exchange(kind, widget.key or widget.plain_label, state,
                                    fragment=bool(widget.fragment_id))

    async def set(self, value: str | float | bool | list[str], target: Widget | None = None,
                  **criteria: Any) -> Interaction | None:
        """Type into, tick or choose in a widget (a list: the labels chosen in pills or a
        segmented control). Outside a form this reruns the script at once, as the
        browser does; in a form it waits for the submit button."""
        widget = self.widget(target, **criteria)
        state = WidgetState(id=widget.id)
        if isinstance(value, list):
            state.string_array_value.data.extend(value)
        elif isinstance(value, bool):
            state.bool_value = value
        elif isinstance(value, str):
            state.string_value = value
        else:
            state.double_value = float(value)
        if widget.form_id:
            self._pending[widget.id] = state
            return None
        self._values[widget.id] = state
        return await self._exchange("change", widget.key or widget.plain_label,
                                    self._client_state(fragment_id=widget.fragment_id),
                                    fragment=bool(widget.fragment_id))

    async def goto(self, page: str, query: str = "") -> Interaction:
        """Open another page of the app's navigation, as its sidebar link does."""
        self.page_path = page
        self.query_string = query
        page_hash = self.pages.get(page, "")
        state = self._client_state(page_name="" if page_hash else page, page_hash=page_hash)
        return await self._exchange("goto", page or "/", state)

    async def wait_for(self, condition: Callable[[Page], bool],
                       timeout: float | None = None) -> float:
        """Wait, without sending anything, until the page satisfies the condition (the
        server pushes runs itself, e.g. a fragment polling every few seconds); returns
        the seconds waited. RunTimeout if it never does."""
        started = time.monotonic()
        deadline = started + (timeout if timeout is not None else self.timeout)
        while True:
            self._changed.clear()  # before looking, so no change slips between look and wait
            if condition(self.page):
                break
            if self._broken:
                raise SessionError(self._broken)
            left = deadline - time.monotonic()
            if left <= 0:
                raise RunTimeout("the page never showed what was waited for")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)
        return time.monotonic() - started

    # ----- messages ----------------------------------------------------------------------

    def _client_state(self, *, trigger: WidgetState | None = None, fragment_id: str = "",
                      page_name: str = "", page_hash: str | None = None) -> ClientState:
        state = ClientState(query_string=self.query_string,
                            page_script_hash=self.page_hash if page_hash is None else page_hash,
                            page_name=page_name, fragment_id=fragment_id)
        on_page = {w.id for w in self.page.widgets.values()}
        for widget_id, value in self._values.items():
            if widget_id in on_page or not self.page.widgets:
                state.widget_states.widgets.append(value)
        if trigger is not None:
            state.widget_states.widgets.append(trigger)
        info = state.context_info
        query = f"?{self.query_string}" if self.query_string else ""
        info.url = f"{self.base_url}/{self.page_path}{query}"
        info.timezone = self.timezone
        info.locale = self.locale
        info.is_embedded = False
        info.color_scheme = "light"
        return state

    def _commit_form(self, form_id: str) -> None:
        for widget in self.page.widgets.values():
            if widget.form_id == form_id and widget.id in self._pending:
                self._values[widget.id] = self._pending.pop(widget.id)

    async def _exchange(self, kind: str, target: str, state: ClientState,
                        fragment: bool = False, started: float | None = None) -> Interaction:
        if self._ws is None:
            raise SessionError("not connected")
        if self._broken:
            raise SessionError(self._broken)
        loop = asyncio.get_running_loop()
        self._waiter = loop.create_future()
        self._waiting_fragment = fragment
        self._runs_in_wait = 0
        self._run_exceptions = []
        message = BackMsg(rerun_script=state)
        started = time.monotonic() if started is None else started
        error: str | None = None
        seconds = 0.0
        try:
            await self._ws.send(message.SerializeToString())
            finished = await asyncio.wait_for(asyncio.shield(self._waiter), self.timeout)
            seconds = finished - started
        except TimeoutError:
            error = f"timeout: no script_finished within {self.timeout:.0f} s"
            seconds = time.monotonic() - started
        except (WebSocketException, OSError, SessionError) as failure:
            error = self._broken or f"websocket: {type(failure).__name__}: {failure}"
            seconds = time.monotonic() - started
        finally:
            self._waiter = None
        done = Interaction(kind, target, started, seconds, self._runs_in_wait, error,
                           tuple(self._run_exceptions))
        self._record(done)
        if error is not None:
            self._broken = self._broken or error
            raise (RunTimeout if error.startswith("timeout") else SessionError)(error)
        return done

    def _record(self, done: Interaction) -> None:
        self.history.append(done)
        if self.observer is not None:
            self.observer(done)

    async def _read_forever(self) -> None:
        assert self._ws is not None
        try:
            async for frame in self._ws:
                received = time.monotonic()
                if isinstance(frame, str):
                    continue
                message = ForwardMsg()
                message.ParseFromString(frame)
                self._handle(message, received)
        except (WebSocketException, OSError) as error:
            self._broken = f"websocket: {type(error).__name__}: {error}"
        except Exception as error:  # a message this client cannot read: say which
            self._broken = f"client: {type(error).__name__}: {error}"
            raise
        else:
            self._broken = self._broken or "websocket closed by the server"
        finally:
            if self._waiter is not None and not self._waiter.done():
                self._waiter.set_exception(SessionError(self._broken or "websocket closed"))
            self._changed.set()

    def _handle(self, message: ForwardMsg, received: float) -> None:
        kind = message.WhichOneof("type")
        if kind == "delta":
            self._delta(message)
        elif kind == "new_session":
            self._run_fragments = frozenset(message.metadata.run.fragment_ids)
            self._in_fragment_run = bool(self._run_fragments)
            if self._in_fragment_run:
                self._fragment = Page()
            else:
                self._building = Page()
                self._stop_timers()
            if message.new_session.page_script_hash:
                self.page_hash = message.new_session.page_script_hash
        elif kind == "navigation":
            nav = message.navigation
            self.pages = {p.url_pathname: p.page_script_hash for p in nav.app_pages}
            if nav.page_script_hash:
                self.page_hash = nav.page_script_hash
                self.page_path = next((p.url_pathname for p in nav.app_pages
                                       if p.page_script_hash == nav.page_script_hash),
                                      self.page_path)
        elif kind == "auto_rerun":
            self._start_timer(message.auto_rerun.fragment_id, message.auto_rerun.interval)
        elif kind == "stop_auto_rerun":
            self._stop_timers(message.stop_auto_rerun.fragment_ids)
        elif kind == "page_info_changed":
            self.query_string = message.page_info_changed.query_string
        elif kind == "page_not_found":
            self._run_exceptions.append(f"page not found: {message.page_not_found.page_name}")
        elif kind == "session_event":
            event = message.session_event
            if event.WhichOneof("type") == "script_compilation_exception":
                problem = event.script_compilation_exception
                self._run_exceptions.append(f"{problem.type}: {problem.message}")
        elif kind == "script_finished":
            self._finished(message.script_finished, received)

    def _start_timer(self, fragment_id: str, interval: float) -> None:
        self._stop_timers([fragment_id])
        if interval > 0:
            self._timers[fragment_id] = asyncio.create_task(
                self._auto_rerun(fragment_id, interval), name=f"auto-rerun-{fragment_id}")

    def _stop_timers(self, fragment_ids: Sequence[str] | None = None) -> None:
        for fragment_id in list(self._timers if fragment_ids is None else fragment_ids):
            timer = self._timers.pop(fragment_id, None)
            if timer is not None:
                timer.cancel()

    async def _auto_rerun(self, fragment_id: str, interval: float) -> None:
        """What the browser's setInterval does for a `run_every` fragment."""
        while self._ws is not None and not self._broken:
            await asyncio.sleep(interval)
            state = self._client_state(fragment_id=fragment_id)
            state.is_auto_rerun = True
            try:
                await self._ws.send(BackMsg(rerun_script=state).SerializeToString())
            except (WebSocketException, OSError):
                return

    def _delta(self, message: ForwardMsg) -> None:
        delta = message.delta
        if delta.WhichOneof("type") != "new_element":
            return
        path = tuple(message.metadata.delta_path)
        target = self._fragment if self._in_fragment_run else self._building
        element = delta.new_element
        kind = element.WhichOneof("type")
        if kind is None:
            return
        if kind in WIDGET_KINDS:
            proto = getattr(element, kind)
            widget = _widget(kind, proto, path, delta.fragment_id)
            target.widgets[path] = widget
            if widget.id and (widget.id not in self._values or getattr(proto, "set_value", False)):
                initial = _value_state(widget.id, kind, proto)
                if initial is not None:
                    self._values[widget.id] = initial
        elif kind in TEXT_KINDS:
            shown = _shown(kind, element, delta.fragment_id)
            target.shown[path] = shown
            if kind == "exception":
                self._run_exceptions.append(shown.text)

    def _finished(self, status: int, received: float) -> None:
        self.runs += 1
        self._runs_in_wait += 1
        if status in _FINISHED_FULL:
            self.page = self._building
            self._building = Page()
            on_page = {w.id for w in self.page.widgets.values()}
            self._values = {k: v for k, v in self._values.items() if k in on_page}
            self._pending = {k: v for k, v in self._pending.items() if k in on_page}
        elif status == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY:
            # the fragment's part of the page is what this run drew, no more: what it
            # drew last time and not now (the move buttons once solved, an old answer)
            # is gone from the page, as the browser removes it
            ran = self._run_fragments
            self.page.widgets = {path: w for path, w in self.page.widgets.items()
                                 if w.fragment_id not in ran}
            self.page.shown = {path: item for path, item in self.page.shown.items()
                               if item.fragment_id not in ran}
            self.page.widgets.update(self._fragment.widgets)
            self.page.shown.update(self._fragment.shown)
            self._fragment = Page()
        else:  # FINISHED_EARLY_FOR_RERUN: the next run follows and draws the page
            return
        self._changed.set()
        full = status in _FINISHED_FULL
        if (self._waiter is not None and not self._waiter.done()
                and (full or self._waiting_fragment)):
            self._waiter.set_result(received)
