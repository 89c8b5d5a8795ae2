"""Links phones can open, on the page: the app's address as phones reach it
(flows/address.py decides, from CASSINO_PUBLIC_URL, this browser's address and the
server's network address as Streamlit's "Network URL" finds it, and makes every
absolute link from it: login cards, the join link, "Link to this"), and "Link to this"
as a box whose text is the link exactly (a copy button, nothing invisible in it: it
pastes and opens as it is)."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st
from streamlit import net_util

from tutorial_app import config
from tutorial_app.flows.address import DEFAULT_PORT, Address, app_address
from tutorial_app.words.i18n import t


def _browser_url() -> str | None:
    try:
        return st.context.url or None
    except AttributeError:  # outside a browser session (a test harness)
        return None


def address() -> Address:
    """Where phones reach this app, and how that was found."""
    port = st.get_option("server.port")
    listening = st.get_option("server.address")
    return app_address(config.public_url(), _browser_url(), net_util.get_internal_ip(),
                       int(port) if port else DEFAULT_PORT,
                       str(listening) if listening else None)


def share_box(page: str, params: Mapping[str, str]) -> None:
    """"Link to this": the link as plain text in a box with a copy button."""
    st.caption(t("links.copy"))
    st.code(address().share(page, params), language=None, wrap_lines=True)
