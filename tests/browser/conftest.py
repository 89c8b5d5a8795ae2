"""Browser-test fixtures (see browserserver.py and browserpage.py): mark every test
here `browser` and skip it, with the reason, when /usr/bin/chromium is missing."""

from __future__ import annotations

from browserpage import page
from browserserver import browser, pytest_collection_modifyitems, real_server, server

__all__ = ["browser", "page", "pytest_collection_modifyitems", "real_server", "server"]
