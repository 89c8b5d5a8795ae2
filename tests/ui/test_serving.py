"""TCP_NODELAY on the server's sockets: a listening socket bound the way Streamlit binds
it (protocol 0, which asyncio skips) hands it on to the connections it accepts."""

from __future__ import annotations

import socket
import sys

import pytest

from tutorial_app.ui import serving

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def test_connections_accepted_after_it_send_without_delay(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(serving, "_done", type(serving._done)())
    with socket.socket(socket.AF_INET) as listener:  # as Streamlit's _bind_socket does
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        assert listener.proto == 0
        assert not listener.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        serving.send_without_delay()
        with socket.create_connection(listener.getsockname()) as client:
            accepted, _ = listener.accept()
            with accepted:
                assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
                accepted.sendall(b"x")
                assert client.recv(1) == b"x"  # the descriptors still work
        assert listener.fileno() >= 0
        serving.send_without_delay()  # once per process: the second call does nothing


def test_other_sockets_are_left_alone_and_open() -> None:
    left, right = socket.socketpair()
    with left, right:
        assert not serving.set_nodelay(left.fileno())
        left.sendall(b"y")
        assert right.recv(1) == b"y"
