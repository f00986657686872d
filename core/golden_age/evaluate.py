"""The Dutch Golden Age evaluation for the bots: projected final score margins.

The projection starts from the VP a seat has now (rulebook "Winning the
Game") and adds what its holdings are worth on the way to 33 VP: money at
``MONEY_VP`` per guilder instead of 1 VP per 10 (it buys tokens, cards and
paintings), cards in hand at their exchange or colony value, unfinished
paintings by their progress (``painting_vp``: a share of their VP per step,
so paying one off beats buying another Art card), Movement
Tokens gathered where three can convert into a marker (``GATHER_VP``, so a
token is moved with a purpose, not for nothing), and guild
markers for the special action they give (a little: in two-player games the
other side takes a guild straight back, and a takeover bought for 4-6
guilders and not used stalled the game). A running auction counts as sold to
its high bidder at the bid (``_auction_vp``), so a bid is judged by what it
buys. Once the game is over the winner
(first to announce 33 VP, RULES.md section 3) is far ahead of everyone else.

Every seat also counts its turns still to come in the round (``tempo``): the
seat on turn what its unflipped markers can still do (and its roll until it
has rolled), each seat after it a whole turn (``turn_vp``: the roll's expected
pay, each marker's action less its price as far as its money goes, and
``TURN_SURPLUS``, what a turn gains beyond that), the seats before it
nothing. So every position of a round is judged against the same end of it,
and ending a turn costs only the markers left unused. Without it the search's
leaves inside the turn under way saw no rival's next turn and those after its
end did, so the end of a turn looked like a loss: three strong bots moved
tokens back and forth, up to 33 times (16½ guilders) a turn, and sold the
leader the actions it won with.

``bot_moves`` leaves out the auctions nobody else would bid in, the auctions
a seat would sell a rival ahead of it in the race to 33 VP (3-4 players), and
the token moves that gather nothing. Issue 8's
playtest (two players, the strong bot and the hint) saw 18 of 23 auctions end
with no bid, paintings never paid off and a game of 30 rounds. Six seeded
strong-against-strong two-player games (700 iterations a decision) went from
93 auctions (66 unsold), 87 paintings left unfinished (22 one payment short)
and 27.0 rounds a game to 23 auctions (3 unsold), 10 unfinished (2 one short)
and 16.8 rounds. Against greedy (``lowlands arena golden-age --players 2 --bots
strong,greedy --games 20 --seed 1``): auctions 325 (134 unsold) -> 75 (3),
unfinished paintings 235 -> 15, rounds 23.5 -> 19.9 (at most 38.5 -> 28.5), the
strong bot's wins 17/20 -> 14/20 (greedy pays its paintings off now too).
Three strong bots: 9.0-10.7 rounds in 3 games (before: 9-19, mean 12).

Issue 8 wants three strong bots to finish in 10-25 rounds, as real games do;
after the auction and painting changes six of them (``play_game`` at 700
iterations, seeds 7919-7924) ended in rounds 11 11 9 8 12 11, the winner
helped by the token shuffling and the sales above. With ``tempo`` and the
token and race filters, seeds 7919-7930 end in rounds 12 15 11 14 19 14 16
14 15 11 11 10 (mean 13.5; winners 33-37 VP, the others 12-32). Two players
(``lowlands arena golden-age --players 2 --bots strong,greedy --games 20``):
the strong bot won 14/20 (seed 1) and 17/20 (seed 2), 31 of 40 (before: 28);
against random 20/20, and 20/20 with four players (seed 1). Since the search
keeps its tree from one decision of a turn to the next (``strong.search``'s
``reuse``): 15/20 and 19/20 against greedy, 34 of 40; three strong bots,
seeds 7919-7930, rounds 13 20 16 14 19 21 13 12 13 14 12 11 (mean 14.8).

The opening (a playtest: the strong bot put both its Movement Tokens in
Groningen and ended its first turn with 10 guilders, having bought nothing).
Found with the search's root statistics (``strong.search``'s Analysis, 700
iterations): every set-up placement gets the same value and visits, since
``tempo`` is 0 during set-up and nothing else sees where a marker or token
stands beyond its VP (two tokens together win only by ``GATHER_VP``, in the
first province of equals); and in the first turn, with one marker, its
special action costs the seat its whole ``TURN_SURPLUS`` (0.9 VP, counted in
the share of unflipped markers) in every position before the end of the
turn, while a Holland marker's green action (5 guilders for a 1 VP token)
nets nothing, so ending with the money kept looked best (2 players, seed 2,
the strong bot first, its first turn searched with 3000 iterations: "end"
660 visits, the next 261). Tried, not kept: (a) every seat's first turn
counted during set-up, and an ``income_vp`` term (what a token, marker or
Governor card earns from every roll in the rounds left, estimated from the
leader's VP at 2 VP a round): markers then went to Brabant, Zeeland and
Vlaanderen, tokens to Holland or Vlaanderen, and the first turn searched as
above chose "special bra" (993 visits, "end" 501); but ``--players 2 --bots
strong,greedy --games 10`` went from 8, 10 (seeds 1, 2; 34 of 40 over seeds
1-4) to 10, 7, 7, 8 (32 of 40), seed 2's margin +15.1 -> +6.4; four players
(strong and three random, seed 1) 4 of 4, three strong bots 16.3 rounds a
game. (b) (a) with the surplus counted only until the roll and the green
action at a token's VP and income: seed 1 6 of 10, margin -0.1 (greedy,
judging by the same evaluation, gained more: its mean score 22.1 -> 30.3;
and a leaf after a rival's roll, its surplus gone, flatters ending the
turn).
"""

from __future__ import annotations

from core.golden_age import components as C
from core.golden_age.rules import MoveToken, StartAuction, can_draw, site_color, vp, vp_parts
from core.golden_age.state import State

#: VP per guilder in hand (money buys VP at roughly 3-4 guilders each).
MONEY_VP = 0.25
#: Guilders a card in hand is worth before it is exchanged or used.
CARD_GUILDERS = {"i1": 5.0, "i2": 6.0, "i3": 6.5, "g-i1": 5.0, "s1": 7.0, "s2": 8.0, "s3": 9.0}
#: VP a colony card in hand is worth (three of them found a 5-6 VP colony).
COLONY_CARD_VP = 1.3
#: VP of the Dice card and of a guild marker (a special action every turn).
DICE_VP = 0.5
GUILD_VP = 0.5
#: VP for own Movement Tokens gathered in a province with no Influence Marker, by
#: their number (capped at 3): three convert into a marker (Example 3), so two
#: together are on their way; less than the conversion's own +1 VP.
GATHER_VP = (0.0, 0.0, 0.3, 0.5)
#: A winner's bonus over the others once the game is over.
WIN_BONUS = 20.0


def card_vp(card: str) -> float:
    """What a card held (or about to be drawn) is worth in VP: Investment and
    Spice cards their guilders (``CARD_GUILDERS``) at ``MONEY_VP``, Colony cards
    ``COLONY_CARD_VP``, the Dice card ``DICE_VP``, Windmill/Palace/Market and
    Governor cards their VP, an Art card the value of a new painting
    (``painting_vp``)."""
    if card in CARD_GUILDERS:
        return MONEY_VP * CARD_GUILDERS[card]
    if card == "dice":
        return DICE_VP
    if card in C.CULTURE_VP:
        return float(C.CULTURE_VP[card])
    if card.startswith("gov-"):
        return float(C.GOVERNOR_VP)
    if card[0] == "a" and card[1:].isdigit():
        return painting_vp(card, 0)
    return COLONY_CARD_VP


def painting_vp(card: str, paid: int) -> float:
    """An unfinished painting's worth (VP): its VP times its progress, counting
    the purchase as one step and each payment as one more (``paid + 1`` of
    ``payments + 1``). Its VP count only once it is finished (rules section 6),
    so each payment is worth a share of them, and a painting one payment short
    is worth more than a new Art card: the bot finishes what it started instead
    of collecting cards it never pays for."""
    need = C.art_payments(card)
    return C.art_vp(card) * (paid + 1) / (need + 1)


#: ``card_vp`` of every card, looked up by ``projected``.
CARD_VP = {card: card_vp(card) for cards in C.DECKS.values() for card in cards}

#: Per colour, the VP of the special action an auction sells: the mean worth of
#: the deck's cards (``card_vp``; brown: a new painting), a Movement Token for green.
ACTION_VP = {
    color: sum(card_vp(c) * n for c, n in cards.items()) / sum(cards.values())
    for color, cards in C.DECKS.items() if color != "orange"
}
ACTION_VP["green"] = float(C.VP_TOKEN)


def _pay_net(state: State, seat: int) -> float:
    """What the best next payment onto one of ``seat``'s paintings nets (VP)."""
    best = 0.0
    for pt in state.players[seat].paintings:
        best = max(best, painting_vp(pt.card, pt.paid + 1) - painting_vp(pt.card, pt.paid))
    return best - MONEY_VP * C.PAINTER_PAYMENT / C.HALF


def _action_vp(state: State, seat: int, color: str) -> float:
    """What the auctioned ``color`` action is worth to ``seat`` (VP): brown, the
    better of a new painting and the next payment onto one of its paintings."""
    v = ACTION_VP[color]
    if color == "brown" and state.players[seat].paintings:
        v = max(v, _pay_net(state, seat))
    return v


def _auction_vp(state: State) -> list[float]:
    """Per seat, the VP the running auction will move when it ends as it stands
    (rules section 7): the high bidder pays the bid to the auctioneer (to the bank
    if it is the auctioneer) and takes the action; an auction nobody has bid in
    yet moves nothing, since a bidder's bid is its own decision, searched by the
    bot. In the "award" phase the winner has paid and still takes the action."""
    out = [0.0] * len(state.players)
    a = state.auction
    if a is None:
        return out
    if state.phase == "award":
        out[a.bidder] += _action_vp(state, a.bidder, a.color)
    elif a.high_bidder >= 0:
        price = MONEY_VP * a.high_bid / C.HALF
        out[a.high_bidder] += _action_vp(state, a.high_bidder, a.color) - price
        if a.high_bidder != a.auctioneer:
            out[a.auctioneer] += price
    return out


#: Per colour, what a marker's special action nets (VP): the action's worth less
#: its price (``MONEY_VP`` per guilder), at least 0 (a green token for 5 guilders
#: is worth less than its price: the marker then goes unused).
_PRICE = {c: C.TOKEN_PRICE if c == "green" else C.CARD_PRICE for c in C.COLORS}
ACTION_NET = {c: max(0.0, ACTION_VP[c] - MONEY_VP * _PRICE[c] / C.HALF) for c in C.COLORS}
#: The mean worth of a Spice card (VP), bought at a colony's number.
SPICE_VP = sum(card_vp(c) * n for c, n in C.DECKS["orange"].items()) / sum(C.DECKS["orange"].values())
#: Per province, the share of the King's track spaces showing it: the chance a
#: roll lands on one (every space equally likely, the King's place aside).
TRACK_SHARE = {
    p: sum(1 for i in range(len(C.TRACK)) if p in C.track_provinces(i)) / len(C.TRACK)
    for p in C.PROVINCE_IDS
}


#: What a turn gains beyond ``turn_vp``'s markers and roll (VP): exchanges of
#: sets, colonies founded, markers converted, auctions won and sold. Measured:
#: in three seeded three-strong games, a turn's own projection rose 1.95 VP on
#: average against 1.01 counted for its markers and roll.
TURN_SURPLUS = 0.9


def _income_guilders(state: State, seat: int) -> float:
    """``seat``'s expected pay from one roll of the King (half-guilders): per
    province, its ``TRACK_SHARE`` times 1 guilder per own Movement Token, 2 for
    an own Influence Marker and 1 for its Governor card (rules section 3.2;
    the Governor and King William II spaces pay everyone alike and are left out)."""
    pay = 0.0
    gov = {c[4:] for c in state.players[seat].culture if c.startswith("gov-")}
    for pid, pr in state.provinces.items():
        here = pr.tokens[seat] * C.PAY_TOKEN + (C.PAY_MARKER if pr.marker == seat else 0)
        if pid in gov:
            here += C.PAY_GOVERNOR_CARD
        pay += TRACK_SHARE[pid] * here
    return pay


def turn_vp(state: State, seat: int, active_only: bool = False, roll: bool = True) -> float:
    """What a turn of ``seat`` is worth (VP): with ``roll``, one roll's expected
    pay (``MONEY_VP`` a guilder); one use of each of its markers (``active_only``:
    the unflipped ones) for what its action nets: the action's worth less its
    price (``ACTION_NET``; a colony's Spice card less the space's number; one
    brown marker the best painter payment when that nets more), best first, as
    far as its money (and the roll's pay) buys them; and ``TURN_SURPLUS``, in
    the share of its markers counted (all of it before the roll)."""
    income = _income_guilders(state, seat) if roll else 0.0
    budget = state.players[seat].money + income
    uses = []
    brown = -1
    markers = 0
    for pid, pr in state.provinces.items():
        if pr.marker == seat:
            markers += 1
            if not (active_only and pr.flipped):
                color = C.PROVINCES[pid][1]
                if color == "brown" and brown < 0:
                    brown = len(uses)
                uses.append((ACTION_NET[color], _PRICE[color]))
    for color, g in state.guilds.items():
        if g.owner == seat:
            markers += 1
            if not (active_only and g.flipped):
                if color == "brown" and brown < 0:
                    brown = len(uses)
                uses.append((ACTION_NET[color], _PRICE[color]))
    for cid, ms in state.colonies.items():
        for m in ms:
            if m.owner == seat:
                markers += 1
                if not (active_only and m.flipped):
                    price = C.COLONIES[cid][0] * C.HALF
                    uses.append((max(0.0, SPICE_VP - MONEY_VP * price / C.HALF), price))
    if brown >= 0:
        pay = _pay_net(state, seat)
        if pay > ACTION_NET["brown"]:
            uses[brown] = (pay, C.PAINTER_PAYMENT)
    share = 1.0 if roll or not markers else len(uses) / markers
    v = MONEY_VP * income / C.HALF + TURN_SURPLUS * share
    uses.sort(reverse=True)
    for net, price in uses:
        if net <= 0:
            break
        if price <= budget:
            budget -= price
            v += net
    return v


def tempo(state: State) -> list[float]:
    """Per seat, the worth of its turns still to come in this round (VP), so that
    every position of a round is judged against the same end of it: the seat on
    turn counts what it can still do (its unflipped markers, and the roll until
    it has rolled), the seats after it in the round a whole turn each
    (``turn_vp``), the seats before it nothing (their turn is over). Ending a
    turn then changes nothing but the markers left unused, and a seat gains
    nothing by putting its end off (the search's leaves inside the turn under
    way saw no rival's next turn and those after its end did: the bots moved
    tokens back and forth, up to 33 times a turn). 0 during set-up and once the
    game is over."""
    n = len(state.players)
    out = [0.0] * n
    if state.phase in ("over", "place_marker", "place_tokens", "place_king"):
        return out
    cur = state.current
    for i in range(cur + 1, n):
        out[i] = turn_vp(state, i)
    out[cur] = turn_vp(state, cur, active_only=True, roll=state.phase == "roll")
    return out


def projected(state: State) -> list[float]:
    """Per seat, the projected final score in VP (a float)."""
    out = _auction_vp(state)
    pending = tempo(state)
    for i in range(len(out)):
        out[i] += pending[i]
    for i, p in enumerate(state.players):
        parts = vp_parts(state, i)
        v = float(sum(parts.values()) - parts["Money"])
        v += MONEY_VP * p.money / C.HALF
        for c in p.cards:
            v += CARD_VP[c]
        for pt in p.paintings:
            v += painting_vp(pt.card, pt.paid)
        for pr in state.provinces.values():
            if pr.marker < 0:
                v += GATHER_VP[min(3, pr.tokens[i])]
        v += GUILD_VP * sum(1 for g in state.guilds.values() if g.owner == i)
        if state.phase == "over" and state.winners == [i]:
            v += WIN_BONUS
        out[i] += v
    return out


def can_bid(state: State, seat: int, color: str) -> bool:
    """Whether ``seat`` could bid in an auction of the ``color`` special action
    (rules section 7: half a guilder at least, and able to take the action: a
    token in the reserve for green, a card to draw, or for brown a painting and
    a guilder for the painter besides the bid)."""
    p = state.players[seat]
    if p.money < 1:
        return False
    if color == "green":
        return p.tokens > 0
    if can_draw(state, color):
        return True
    return color == "brown" and bool(p.paintings) and p.money > C.PAINTER_PAYMENT


def _top_bid(state: State, seat: int, color: str, share: float = 1.0) -> float:
    """The most ``seat`` would pay for the ``color`` action (half-guilders): what
    it is worth to it (``_action_vp`` at ``MONEY_VP``) times ``share``, at most
    its money."""
    worth = share * _action_vp(state, seat, color) / MONEY_VP * C.HALF
    return min(float(state.players[seat].money), worth)


def _gathers(state: State, seat: int, m: MoveToken) -> bool:
    """Whether moving ``seat``'s token ``m`` raises its ``GATHER_VP``: brings its
    tokens together in provinces with no Influence Marker, towards three for a
    conversion (rules section 4, Example 3)."""
    src, dst = state.provinces[m.src], state.provinces[m.dst]

    def g(pr, n: int) -> float:
        return GATHER_VP[min(3, n)] if pr.marker < 0 else 0.0

    a, b = src.tokens[seat], dst.tokens[seat]
    return g(src, a - 1) + g(dst, b + 1) > g(src, a) + g(dst, b)


#: A rival this close to 33 VP (or closer) and ahead of a seat in VP gets no
#: auction from it (``bot_moves``; 3-4 players).
NEAR_VP = 8


def bot_moves(state: State, moves: list) -> list:
    """The moves worth a bot's search (``BotModules.bot_moves``).

    Token moves only where they gather tokens for a conversion (``_gathers``):
    the evaluation sees nothing else in where a token stands, and the search
    moved tokens back and forth at half a guilder a step (up to 33 times a
    turn), as its leaves inside the turn under way saw no rival's next turn.

    Auctions: all but those nobody else would bid in (rules section 7: with no
    bid "the action is lost" and the marker only flips): those no other player
    can bid in (no money, or unable to take the action), and, where the
    auctioneer may bid (the 2-player variant, RULES.md section 10), those the
    auctioneer would win back from every bid worth making. There a bidder pays
    the only other player, so a guilder paid counts twice against it (its
    margin), and it pays at most half the action's worth; the auctioneer pays
    the bank and tops any bid up to the action's worth or all its money
    (``_top_bid``). Without the variant (3-4 players, the auctioneer cannot
    bid), a seat does not auction an action a rival ahead of it can bid in:
    the leader (``projected``), or a rival with more VP and within ``NEAR_VP``
    of 33: in the race to 33 VP it would buy it for half a guilder (three
    strong bots sold the Colony cards that founded the winner's last colony,
    and the token that took a winner from 29 to 30 VP before a 3 VP painting)."""
    if state.phase != "act":
        return moves
    seat = state.current
    steps = [m for m in moves if m.__class__ is MoveToken and not _gathers(state, seat, m)]
    if steps:
        drop = set(steps)
        moves = [m for m in moves if m not in drop]
    auctions = [m for m in moves if m.__class__ is StartAuction]
    if not auctions:
        return moves
    others = [i for i in range(len(state.players)) if i != seat]
    ahead = set()
    if not state.auctioneer_bids:
        proj = projected(state)
        best = max(others, key=lambda i: proj[i])
        if proj[best] > proj[seat]:
            ahead.add(best)
        mine = vp(state, seat)
        for i in others:
            have = vp(state, i)
            if have > mine and have >= C.WIN_VP - NEAR_VP:
                ahead.add(i)
    drop = set()
    for m in auctions:
        color = site_color(m.site)
        bidders = [i for i in others if can_bid(state, i, color)]
        if bidders and state.auctioneer_bids:
            mine = _top_bid(state, seat, color)
            bidders = [i for i in bidders if _top_bid(state, i, color, 0.5) > mine]
        if not bidders or ahead.intersection(bidders):
            drop.add(m)
    return [m for m in moves if m not in drop] if drop else moves


def margins(state: State) -> list[float]:
    """Per seat, projected score minus the best other seat's projected score (VP)."""
    from core.gift_of_tulips.evaluate import margin_of

    return margin_of(projected(state))


def evaluate(state: State, seat: int) -> float:
    """``seat``'s projected final score margin in VP (positive: ahead)."""
    return margins(state)[seat]
