"""Filling frozen, slotted dataclasses without their `__init__`.

The generator and the game loop make hundreds of thousands of moves and
positions a second from parts already known to be valid and sorted; going
through `__init__` (and `object.__setattr__` by name, which a frozen class
needs) would cost more than the rest of making them. A slot's own descriptor
sets the value directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The function that sets slot `name` on an instance of `cls`."""
    setter: Callable[[Any, Any], None] = cls.__dict__[name].__set__
    return setter
