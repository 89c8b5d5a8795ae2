"""Perft lives in `engine.tools.perft`; this module keeps the older import path."""

from engine.tools.perft import divide, divide_text, perft

__all__ = ["divide", "divide_text", "perft"]
