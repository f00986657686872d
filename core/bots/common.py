"""What every bot level shares: the seat's view, its determinizations and the
evaluation, all through the Game protocol (``core.engine.Game`` and the
optional ``core.engine.BotSupport``)."""

from __future__ import annotations

import functools
import random
from typing import Any

from core.engine import BotSupport, Game, copy_state
from core.rng import Rng


@functools.lru_cache(maxsize=None)
def _supported(kind: type) -> bool:
    """Whether games of class ``kind`` offer ``BotSupport`` (a Protocol check walks
    the class each time: a tenth of a search's time when asked per position)."""
    return issubclass(kind, BotSupport)


def bot_support(game: Game) -> bool:
    """Whether ``game`` offers the optional ``BotSupport`` methods."""
    return _supported(type(game))


def sampler(game: Game, state: Any, seat: int):
    """A function ``rng -> State`` drawing full states consistent with what ``seat``
    sees of ``state``. Only ``game.view(state, seat)`` is kept: the true state's
    hidden parts never reach the bot."""
    view = game.view(state, seat)
    if bot_support(game):
        return lambda rng: game.determinize(view, seat, rng)

    def plain(rng: random.Random) -> Any:  # a game without determinize: the view, new dice
        s = copy_state(view)
        if hasattr(s, "rng"):
            s.rng = Rng.from_seed(rng.getrandbits(64))
        return s

    return plain


def margins(game: Game, state: Any) -> list[float]:
    """Each seat's projected final score margin (VP): ``game.margins`` when the
    game offers it, else the current totals of ``game.scores``."""
    if bot_support(game):
        return game.margins(state)
    totals = [sh.total for sh in game.scores(state)]
    if len(totals) < 2:
        return [0.0] * len(totals)
    return [t - max(totals[:i] + totals[i + 1 :]) for i, t in enumerate(totals)]


def leaves_at_turn_end(game: Game) -> bool:
    """Whether the strong bot plays a leaf of its search on to the end of the
    turn under way before judging it (``BotModules.leaves_at_turn_end``; False
    for a game without it)."""
    ask = getattr(game, "leaves_at_turn_end", None)
    return bool(ask()) if ask is not None else False


def win_weight(game: Game, default: float) -> float:
    """The weight of a finished game's result in the strong bot's rewards:
    ``BotModules.win_weight`` where the game sets it, else ``default``."""
    ask = getattr(game, "win_weight", None)
    w = ask() if ask is not None else None
    return default if w is None else float(w)


def move_filter(game: Game):
    """A function ``state -> moves`` giving the legal moves a bot considers:
    ``game.legal_moves`` less what ``BotModules.bot_moves`` leaves out (all of
    them for a game without it; never none)."""
    ask = getattr(game, "bot_move_filter", None)
    keep = ask() if ask is not None else None
    legal = game.legal_moves
    if keep is None:
        return legal

    def moves(state: Any) -> list[Any]:
        every = legal(state)
        return keep(state, every) or every

    return moves
