"""Computer players over the Game protocol, at three levels.

- ``random``: a random kind of move, then a random move of that kind
  (``random_bot``).
- ``greedy``: the move with the best immediate evaluation (``greedy``).
- ``strong``: determinized Monte Carlo tree search guided by that evaluation
  (``strong``).

Every level decides from ``game.view(state, seat)`` only: hidden information
(deck orders, unseen cards, future dice) is sampled by the game's
``determinize`` and never read from the true state. The evaluation and the
determinization are the optional ``BotSupport`` methods of core/engine.py,
written per game in ``core/<game>/evaluate.py`` and ``determinize.py``.
"""

from __future__ import annotations

from typing import Any

from core.bots.greedy import choose_greedy
from core.bots.random_bot import choose as choose_random
from core.bots.strong import DEFAULT_ITERATIONS, DEFAULT_SECONDS, Analysis, Choice, search
from core.engine import Game

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("random", "greedy", "strong")
#: The level a bot seat gets when none is named.
DEFAULT_LEVEL = "strong"


def choose(
    game: Game,
    state: Any,
    seed: int,
    level: str = "random",
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    reuse: bool = False,
) -> Any:
    """The move a bot of ``level`` makes in ``state`` (for the seat to move).

    Args:
        game, state: the game and the true state (the bot only looks at its view).
        seed: fixes every random choice (same view + seed + budget => same move).
        level: "random", "greedy" or "strong".
        iterations, seconds: the strong bot's budget (see ``core.bots.strong``);
            both None means its defaults (1 s, capped at DEFAULT_ITERATIONS).
        reuse: the strong bot goes on from the subtree it kept after its last
            move when this is the position that move led to (``strong.search``).
    Raises:
        ValueError for an unknown level; IndexError if the game is over.
    """
    if level == "random":
        return choose_random(game, state, seed)
    if level == "greedy":
        return choose_greedy(game, state, seed)
    if level == "strong":
        if iterations is None and seconds is None:
            iterations, seconds = DEFAULT_ITERATIONS, DEFAULT_SECONDS
        return search(game, state, seed, iterations=iterations, seconds=seconds, reuse=reuse).move
    raise ValueError(f"Unknown bot level {level!r}; choose from {', '.join(LEVELS)}.")


__all__ = ["Analysis", "Choice", "DEFAULT_LEVEL", "LEVELS", "choose", "search"]
