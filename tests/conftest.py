"""Shared pytest set-up for the Lowlands tests.

Options:
    --conformance-seeds N   random playouts per game and player count in
                            tests/test_conformance.py (default 200, or the
                            LOWLANDS_CONFORMANCE_SEEDS environment variable).
    --conformance-deep N    how many of those seeds also check every step's
                            purity, msgspec round trip and parse(notation(m))
                            (default 20, or LOWLANDS_CONFORMANCE_DEEP).
    --conformance-deep-steps N
                            stop starting new in-depth seeds once N decisions
                            were checked in depth for one game and player count
                            (at least 2 seeds always run; default 2000, or
                            LOWLANDS_CONFORMANCE_DEEP_STEPS; 0 = no limit). Keeps
                            games with long random playouts affordable.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("lowlands")
    group.addoption(
        "--conformance-seeds",
        type=int,
        default=None,
        help="random playouts per game and player count (default 200; env LOWLANDS_CONFORMANCE_SEEDS)",
    )
    group.addoption(
        "--conformance-deep",
        type=int,
        default=None,
        help="seeds checked in depth at every step (default 20; env LOWLANDS_CONFORMANCE_DEEP)",
    )
    group.addoption(
        "--conformance-deep-steps",
        type=int,
        default=None,
        help="in-depth decision budget per game and player count (default 2000, 0 = none; "
        "env LOWLANDS_CONFORMANCE_DEEP_STEPS)",
    )


def _count(config: pytest.Config, option: str, env: str, default: int) -> int:
    value = config.getoption(option)
    if value is None:
        value = int(os.environ.get(env, default))
    if value < 0:
        raise pytest.UsageError(f"{option} must be 0 or more, not {value}")
    return value


@pytest.fixture(scope="session")
def conformance_seeds(pytestconfig: pytest.Config) -> int:
    """How many seeds the cheap conformance checks run per game and player count."""
    return _count(pytestconfig, "--conformance-seeds", "LOWLANDS_CONFORMANCE_SEEDS", 200)


@pytest.fixture(scope="session")
def conformance_deep(pytestconfig: pytest.Config, conformance_seeds: int) -> int:
    """How many seeds (of the above) also get the expensive per-step checks."""
    return min(conformance_seeds, _count(pytestconfig, "--conformance-deep", "LOWLANDS_CONFORMANCE_DEEP", 20))


@pytest.fixture(scope="session")
def conformance_deep_steps(pytestconfig: pytest.Config) -> int:
    """Decision budget for the in-depth seeds of one game and player count (0: none)."""
    return _count(pytestconfig, "--conformance-deep-steps", "LOWLANDS_CONFORMANCE_DEEP_STEPS", 2000)


@pytest.fixture
def dirs(tmp_path: Path) -> tuple[Path, Path]:
    """(data folder, config folder) for an app under test: the data folder made,
    the config folder not (the app makes it when it saves its settings)."""
    data, config = tmp_path / "data", tmp_path / "config"
    data.mkdir()
    return data, config


@pytest.fixture(autouse=True)
def _no_seat_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot tests press keys far faster than a person: the game screen's
    seat-change guard (GameScreen.SEAT_GUARD: keys less than that apart count
    as one held key, which must not play the next player's turn) is off unless
    a test passes ``seat_guard=`` itself; and a game screen does nothing when
    idle (GameScreen.IDLE_DELAY) unless a test sets that."""
    import sys

    mod = sys.modules.get("tui.screens.game")
    if mod is not None:
        monkeypatch.setattr(mod.GameScreen, "SEAT_GUARD", 0.0)
        # nor does a game screen build review ahead when idle (GameScreen._when_idle:
        # CPU most tests do not need) unless a test sets IDLE_DELAY itself
        monkeypatch.setattr(mod.GameScreen, "IDLE_DELAY", None)
