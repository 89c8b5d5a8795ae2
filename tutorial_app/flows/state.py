"""Where a page's controller keeps what it must remember between clicks.

A controller (one per page, in this package) is plain Python: it is given a
mutable mapping for its memory and never imports Streamlit. In the app that
mapping is `st.session_state`, so the memory lives with the browser session;
in a test it is a plain dict, so every click can be replayed without a server.
`Memory` gives each controller its own corner of that mapping (keys prefixed
with the page's name), so two pages never read each other's values by accident.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any, TypeVar, overload

T = TypeVar("T")


class Memory:
    """One page's keys in a shared mapping: `memory["step"]` is `mapping["learn.step"]`."""

    def __init__(self, mapping: MutableMapping[Any, Any], prefix: str) -> None:
        self._mapping = mapping
        self._prefix = prefix

    def key(self, name: str) -> str:
        """The full key, for a widget whose value the controller reads back."""
        return f"{self._prefix}.{name}"

    def __getitem__(self, name: str) -> Any:
        return self._mapping[self.key(name)]

    def __setitem__(self, name: str, value: object) -> None:
        self._mapping[self.key(name)] = value

    def __contains__(self, name: str) -> bool:
        return self.key(name) in self._mapping

    @overload
    def get(self, name: str) -> Any: ...
    @overload
    def get(self, name: str, default: T) -> Any | T: ...

    def get(self, name: str, default: object = None) -> Any:
        return self._mapping.get(self.key(name), default)

    def typed(self, name: str, kind: type[T]) -> T | None:
        """The value if it is of the expected type, else None: a value left by an older
        version of a class (the app reloaded in a live session) is dropped, not trusted."""
        value = self._mapping.get(self.key(name))
        return value if isinstance(value, kind) else None

    def pop(self, name: str, default: object = None) -> Any:
        return self._mapping.pop(self.key(name), default)

    def clear(self, *names: str) -> None:
        for name in names:
            self._mapping.pop(self.key(name), None)
