"""Where config finds the shipped course and the rules pages: in an installed package's
`tutorial_app/` (through importlib.resources), else in the checkout, and never a
folder that is not one (test_wheel.py installs a real wheel; this file is the quick
check of each case)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tutorial_app import config

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fresh_places() -> Iterator[None]:
    """config remembers the places it found; each test finds them again."""
    config._packaged.cache_clear()
    config._is_checkout.cache_clear()
    yield
    config._packaged.cache_clear()
    config._is_checkout.cache_clear()


def test_a_checkout_serves_its_own_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(config.LESSONS_VARIABLE, raising=False)
    assert config.lessons_folder() == ROOT / "lessons"
    assert config.rules_page() == ROOT / "docs" / "rules.md"
    assert config.rules_page().is_file()


def test_cassino_lessons_overrides_the_shipped_course(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(config.LESSONS_VARIABLE, str(tmp_path))
    assert config.lessons_folder() == tmp_path
    assert config.shipped_lessons() == ROOT / "lessons"


def test_an_installed_package_serves_the_folders_installed_in_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "tutorial_app"
    (package / "lessons" / "lines").mkdir(parents=True)
    (package / "docs").mkdir()
    monkeypatch.setattr(config.resources, "files", lambda name: tmp_path / "site-packages"
                        / name.replace(".", "/"))
    monkeypatch.delenv(config.LESSONS_VARIABLE, raising=False)
    assert config.lessons_folder() == package / "lessons"
    assert config.rules_page() == package / "docs" / "rules.md"


def test_neither_an_install_nor_a_checkout_is_an_error(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(config, "_CHECKOUT", tmp_path)
    monkeypatch.delenv(config.LESSONS_VARIABLE, raising=False)
    with pytest.raises(FileNotFoundError, match=config.LESSONS_VARIABLE):
        config.lessons_folder()
    with pytest.raises(FileNotFoundError, match="docs/"):
        config.rules_page()
