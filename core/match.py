"""Match: one game being played: seats, seed, moves, snapshots, undo/redo, review.

A Match keeps one msgpack snapshot of the state after each decision (index 0 is
the set-up state), so review reads any point without touching the live game,
and undo is a pop. DESIGN.md, "Match, undo and review".
"""

from __future__ import annotations

from typing import Any, Literal, Sequence

import secrets
from datetime import datetime, timezone

import msgspec

from core.engine import Game, IllegalMove, apply_trusted, checked_moves

UndoPolicy = Literal["friendly", "strict"]
SeatKind = Literal["human", "bot"]


class Seat(msgspec.Struct, frozen=True):
    """A player at the table: their name and who decides for them.

    Attributes:
        name: the player's name.
        kind: "human" or "bot".
        level: a bot's level (``core.bots.LEVELS``: "random", "greedy",
            "strong"); "random" by default, the only bot older saves knew.
            The command line and the new-game form give a bot "strong" unless
            told otherwise. Ignored for a human.
    """

    name: str
    kind: SeatKind = "human"
    level: str = "random"


#: The longest thinking time a strong bot may have per decision, in seconds; a
#: table's ``bot_time`` is more than 0 and at most this (``bot_time_problem``).
MAX_BOT_TIME = 600.0
#: A table's thinking time when none is given, in seconds.
DEFAULT_BOT_TIME = 1.0


def bot_time_problem(seconds: float) -> str:
    """Why ``seconds`` cannot be a table's ``bot_time`` (the strong bots'
    thinking time per decision, in seconds), "" if it can: it must be more
    than 0 and at most MAX_BOT_TIME (600). One rule for ``--bot-time``, the
    new-game form and a save's ``bot_time``."""
    if not seconds > 0:  # (NaN too)
        return "must be more than 0 seconds"
    if seconds > MAX_BOT_TIME:
        return f"must be at most {MAX_BOT_TIME:g} seconds"
    return ""


class Match:
    """A game in progress (or finished) with its full history.

    Args:
        game: the Game object (from ``core.get_game``).
        seats: the players, in turn order.
        seed: the seed that fixes all chance in the game.
        options: the game's Options struct (None for the defaults).
        undo_policy: "friendly" (any decision; skips back over bot moves) or
            "strict" (only within the current turn, never past a reveal).
        bot_time: the strong bots' thinking budget per decision, in seconds
            (a table option, ``--bot-time``).
    Raises:
        ValueError: if the number of seats is outside the game's range.
    """

    #: True when this object owns the game: it runs the bots, is autosaved here,
    #: and may be cut back in review. False for a screen's copy of a table owned
    #: elsewhere (``tui.remote.RemoteMatch``: the table server owns it).
    authority_here: bool = True
    #: the one seat a screen of this match decides for and sees from when it is
    #: not the authority (None: a watcher); unused at one keyboard
    home_seat: int | None = None

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        seed: int,
        options: Any = None,
        undo_policy: UndoPolicy = "friendly",
        bot_time: float = 1.0,
    ) -> None:
        n = len(seats)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(
                f"{game.title} takes {game.min_players}-{game.max_players} players, not {n}."
            )
        if undo_policy not in ("friendly", "strict"):
            raise ValueError(f"Unknown undo policy {undo_policy!r}.")
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.options = options if options is not None else game.Options()
        self.undo_policy: UndoPolicy = undo_policy
        self.bot_time = bot_time
        self.moves: list[Any] = []
        #: seat that made each move (parallel to ``moves``)
        self.movers: list[int] = []
        self._encoder = msgspec.msgpack.Encoder()
        self._state = game.setup([s.name for s in seats], seed, self.options)
        self._decoder = msgspec.msgpack.Decoder(type(self._state))
        self.snapshots: list[bytes] = [self._encoder.encode(self._state)]
        self._redo: list[list[Any]] = []
        #: when the match began (UTC, ISO 8601) and a short id naming its autosave
        self.created: str = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.id: str = secrets.token_hex(6)
        #: the id of the game this one was copied from (``saves.fork``), "" for an original
        self.copied_from: str = ""

    # -- the live game ------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state (do not mutate it)."""
        return self._state

    @property
    def ply(self) -> int:
        """How many decisions have been made."""
        return len(self.moves)

    def to_move(self) -> int | None:
        """Seat that decides now, or None once the game is over."""
        return self.game.to_move(self._state)

    def is_over(self) -> bool:
        return self.game.is_over(self._state)

    def legal_moves(self) -> list[Any]:
        """The legal moves now; raises NoLegalMove (``core.engine.checked_moves``)
        if the game is not over yet offers none."""
        return checked_moves(self.game, self._state)

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].kind == "bot"

    def push(self, move: Any, trusted: bool = False) -> Any:
        """Make a decision; clears the redo stack. Returns the new state.

        Args:
            move: the move to make in the current state.
            trusted: True when ``move`` was just taken from ``legal_moves()``
                or returned by the game's ``parse`` for the current state: it
                is applied with ``apply_trusted``, without generating the legal
                moves again to check it (see ``core.engine.Game``). Anything
                else (a key a person pressed, a move built by hand) goes
                through the checked ``apply``.
        Raises:
            IllegalMove (and changes nothing) if the game is over or, unless
            ``trusted``, the move is not legal.
        """
        self._push(move, trusted)
        self._redo.clear()
        return self._state

    def _push(self, move: Any, trusted: bool = False) -> None:
        seat = self.game.to_move(self._state)
        if seat is None:
            raise IllegalMove("The game is over; no more moves.")
        if trusted:
            new = apply_trusted(self.game, self._state, move)
        else:
            new = self.game.apply(self._state, move)
        self.moves.append(move)
        self.movers.append(seat)
        self.snapshots.append(self._encoder.encode(new))
        self._state = new

    def push_notation(self, text: str) -> Any:
        """Parse ``text`` in the current state and push it (IllegalMove if bad).

        ``parse`` only returns legal moves, so that is the one legality check:
        the move is then applied trusted.
        """
        return self.push(self.game.parse(self._state, text), trusted=True)

    def play_bots(self, limit: int = 10_000) -> int:
        """Let bot seats decide until a human is to move or the game ends.

        Returns how many bot decisions were made.
        """
        made = 0
        while made < limit:
            seat = self.to_move()
            if not self.is_bot(seat):
                break
            self.push(self.bot_choice())
            made += 1
        return made

    def bot_choice(self, should_stop: Any = None) -> Any:
        """The move the bot seat to move would make now, by its level, within the
        table's ``bot_time`` (the strong level stops early when ``should_stop()``
        turns true). Seeded by the match seed and ply, so a replayed position gets
        the same answer from the random and greedy levels; the strong level goes
        on from the subtree its search kept after this seat's last move, when
        this is the position that move led to (``strong.search``'s ``reuse``).
        Pushes nothing. Raises IndexError once the game is over."""
        from core.bots import DEFAULT_ITERATIONS, choose, search

        seat = self.to_move()
        if seat is None:
            raise IndexError("The game is over; no move to choose.")
        level = self.seats[seat].level
        seed = self.seed * 1_000_003 + self.ply
        if level == "strong":
            return search(self.game, self._state, seed, DEFAULT_ITERATIONS, self.bot_time, should_stop, reuse=True).move
        return choose(self.game, self._state, seed, level)

    # -- undo / redo ----------------------------------------------------------
    def _undo_count(self) -> int:
        """How many moves one undo pops (0 when undo is not allowed)."""
        if not self.moves:
            return 0
        if self.undo_policy == "strict":
            seat = self.to_move()
            if seat is None or self.movers[-1] != seat or self.is_bot(seat):
                return 0
            before = self.state_at(self.ply - 1)
            if self.game.turn(before) != self.game.turn(self._state):
                return 0
            if self.game.reveals(before, self._state):
                return 0
            return 1
        # friendly: skip back over bot moves to the last human decision
        i = len(self.moves) - 1
        while i >= 0 and self.is_bot(self.movers[i]):
            i -= 1
        return 0 if i < 0 else len(self.moves) - i

    def can_undo(self) -> bool:
        """Whether ``undo`` would do anything under the table's undo policy."""
        return self._undo_count() > 0

    def why_no_undo(self) -> str:
        """Why ``undo`` is not allowed now, as a sentence for the player ("" when
        it is): the same tests as ``_undo_count``, in the same order."""
        if self._undo_count() > 0:
            return ""
        if not self.moves:
            return "Nothing to undo yet."
        if self.undo_policy != "strict":
            return "Only computer moves so far: no decision of yours to undo."
        seat = self.to_move()
        if seat is None:
            return "Strict undo: the game is over."
        if self.movers[-1] != seat or self.is_bot(seat):
            return (f"Strict undo: only your own decisions of this turn can be taken back "
                    f"(the last one was {self.seats[self.movers[-1]].name}'s).")
        before = self.state_at(self.ply - 1)
        if self.game.turn(before) != self.game.turn(self._state):
            return "Strict undo: decisions of an earlier turn cannot be taken back."
        return "Strict undo: the last decision revealed something (e.g. a card drawn), so it stands."

    def undo(self) -> bool:
        """Take back one human decision (and the bot moves after it).

        Returns False (changing nothing) when undo is not allowed.
        """
        n = self._undo_count()
        if n == 0:
            return False
        group = self.moves[-n:]
        self._truncate(len(self.moves) - n)
        self._redo.append(group)
        return True

    # -- networked tables: the strict rule of online tables ---------------------------
    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` may take back the last decision at a networked table:
        only their own (no other player has decided since), a human's, and only
        if it revealed nothing (``game.reveals``). Undo policy "strict" for
        tables with one screen per player; ``take_back`` pops it."""
        if not self.moves or self.movers[-1] != seat or self.is_bot(seat):
            return False
        return not self.game.reveals(self.state_at(self.ply - 1), self._state)

    def take_back(self, seat: int) -> bool:
        """Take back ``seat``'s last decision if ``can_take_back(seat)``; returns
        whether it did (nothing changes otherwise). Clears the redo stack."""
        if not self.can_take_back(seat):
            return False
        self._truncate(self.ply - 1)
        self._redo.clear()
        return True

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> bool:
        """Re-make the decisions the last undo took back. False if none."""
        if not self._redo:
            return False
        for move in self._redo.pop():
            # each was made (and checked) in this very position before the undo,
            # and the rules are deterministic: no need to check it again
            self._push(move, trusted=True)
        return True

    def _truncate(self, ply: int) -> None:
        del self.moves[ply:]
        del self.movers[ply:]
        del self.snapshots[ply + 1 :]
        self._state = self._decoder.decode(self.snapshots[ply])

    # -- review -----------------------------------------------------------------
    def state_at(self, ply: int) -> Any:
        """The state after ``ply`` decisions (0 = the set-up); a fresh copy.

        Raises IndexError if ``ply`` is outside 0..self.ply.
        """
        if not 0 <= ply <= len(self.moves):
            raise IndexError(f"No decision {ply}; the match has {len(self.moves)}.")
        return self._decoder.decode(self.snapshots[ply])

    def continue_from(self, ply: int) -> None:
        """Drop every decision after ``ply`` (review's "continue from here")."""
        if not 0 <= ply <= len(self.moves):
            raise IndexError(f"No decision {ply}; the match has {len(self.moves)}.")
        self._truncate(ply)
        self._redo.clear()

    def turn_starts(self) -> list[int]:
        """Plies at which a new turn begins (0 first), for turn-wise review."""
        starts = [0]
        prev = self.game.turn(self.state_at(0))
        for i in range(1, len(self.snapshots)):
            t = self.game.turn(self._decoder.decode(self.snapshots[i]))
            if t != prev:
                starts.append(i)
                prev = t
        return starts

    def state_sha256(self) -> str:
        """Hex SHA-256 of the current state's msgpack bytes (saves check it)."""
        import hashlib

        return hashlib.sha256(self.snapshots[-1]).hexdigest()
