"""Canasta and Samba: card-entry deals with melds, red threes and hands on both sides.

:func:`legal_deal` builds a random deal that the rules accept (the property tests use
it too): melds drawn from the deck without replacement, canastas and sambas now and
then, red threes, someone going out when their side may, and hands holding the rest
of a realistic count. A Canasta deal enters about 100 cards.
"""

from __future__ import annotations

import random
from typing import Any

from bench.engine import Case
from games.engine.cards import RANKS, Card
from games.engine.decks import DeckSpec
from games.engine.game import Table
from games.rules.canasta.canasta import TWO_PLAYER_GOING_OUT, TWO_PLAYERS, Canasta
from games.rules.canasta.family import CanastaFamilyGame
from games.rules.canasta.melds import (
    SAMBA_SEQUENCE_RANKS,
    check_side_melds,
    count_complete,
)
from games.rules.canasta.samba import Samba
from games.rules.canasta.values import is_black_three, is_red_three, meld_card_points

NATURAL_RANKS = RANKS[2:]  # 4…A


class _Pool:
    """The cards not yet placed, by rank."""

    def __init__(self, deck: DeckSpec, rng: random.Random):
        self.rng = rng
        self.by_rank: dict[str, list[Card]] = {}
        for card, n in deck.copies.items():
            self.by_rank.setdefault(card.rank, []).extend([card] * n)
        for cards in self.by_rank.values():
            rng.shuffle(cards)

    def count(self, rank: str) -> int:
        return len(self.by_rank.get(rank, ()))

    def take(self, rank: str, n: int) -> list[Card]:
        cards = self.by_rank[rank]
        taken, self.by_rank[rank] = cards[:n], cards[n:]
        return taken

    def take_wilds(self, n: int) -> list[Card]:
        out = []
        for _ in range(n):
            ranks = [r for r in ("2", "Jo") if self.count(r)]
            if not ranks:
                break
            out += self.take(self.rng.choice(ranks), 1)
        return out

    def take_card(self, card: Card) -> bool:
        cards = self.by_rank.get(card.rank, [])
        if card in cards:
            cards.remove(card)
            return True
        return False

    def take_any(self, n: int) -> list[Card]:
        """Random cards for a hand (never a red three: those are laid out)."""
        out: list[Card] = []
        ranks = [r for r in self.by_rank if r != "3"] + ["3"]
        for _ in range(n):
            ranks = [r for r in ranks if self.count(r)]
            if not ranks:
                break
            rank = self.rng.choice(ranks)
            cards = self.by_rank[rank]
            picks = [i for i, c in enumerate(cards) if not is_red_three(c)]
            if not picks:
                ranks.remove(rank)
                continue
            out.append(cards.pop(self.rng.choice(picks)))
        return out


def _rank_meld(pool: _Pool, rank: str, rng: random.Random, max_wilds: int) -> list:
    have = pool.count(rank)
    if have < 2:
        return []
    canasta = rng.random() < 0.45
    wilds = rng.randint(0, max_wilds) if rng.random() < 0.5 else 0
    if canasta:
        naturals = min(have, rng.randint(5, 8))
        wilds = max(0, min(max_wilds, 7 - naturals)) if naturals < 7 else wilds
    else:
        naturals = rng.randint(2, min(have, 5))
    cards = pool.take(rank, naturals) + pool.take_wilds(wilds)
    if len(cards) < 3:
        cards += pool.take_wilds(3 - len(cards))
    if len(cards) < 3 or len(cards) - naturals > max_wilds:
        return []  # not enough left for a legal meld (cards stay out of the deal)
    return cards


def _sequence(pool: _Pool, rng: random.Random) -> list:
    suit = rng.choice("SHDC")
    length = rng.choice((3, 4, 5, 7, 7))
    start = rng.randint(0, len(SAMBA_SEQUENCE_RANKS) - length)
    wanted = [
        Card(rank, next(c.suit for c in pool_cards if c.suit.value == suit))
        for rank in SAMBA_SEQUENCE_RANKS[start : start + length]
        if (pool_cards := [c for c in pool.by_rank[rank] if c.suit.value == suit])
    ]
    if len(wanted) != length:
        return []
    for card in wanted:
        pool.take_card(card)
    return wanted


def legal_deal(
    rng: random.Random,
    game: CanastaFamilyGame,
    totals: tuple[int, int] = (0, 0),
    *,
    hand_size: tuple[int, int] = (1, 14),
    meld_count: tuple[int, int] = (2, 6),
    players: int = 4,
) -> dict[str, Any]:
    """A random deal as a scorer would enter it, legal under ``game``'s rules, at
    the table of four (two sides of two) or, for Canasta, of two (ch 27)."""
    rules = game.rules
    pool = _Pool(rules.deck, rng)
    seats_of = [tuple(range(side, players, 2)) for side in (0, 1)]
    # One card for every hand that may still hold cards when the deal ends.
    reserve = pool.take_any(players)
    samba = rules.melds.sequence_ranks is not None
    sides: list[dict[str, Any]] = []
    melds_of: list[list[list[Card]]] = []
    for _side in (0, 1):
        melds: list[list[Card]] = []
        if rng.random() < 0.85:
            ranks = rng.sample(NATURAL_RANKS, rng.randint(*meld_count))
            for rank in ranks:
                if samba and rng.random() < 0.3:
                    meld = _sequence(pool, rng)
                else:
                    meld = _rank_meld(pool, rank, rng, rules.melds.max_wilds)
                if meld:
                    melds.append(meld)
        melds_of.append(melds)
        sides.append({"melds": melds})
    # Red threes: laid out by either side, or still in the stock.
    reds = [c for c in pool.by_rank["3"] if is_red_three(c)]
    pool.by_rank["3"] = [c for c in pool.by_rank["3"] if not is_red_three(c)]
    for card in reds:
        pick = rng.random()
        if pick < 0.8:
            sides[0 if pick < 0.4 else 1].setdefault("red_threes", []).append(card)
    # Who went out: a seat of a side that may.
    went_out = None
    candidates = []
    for side, melds in enumerate(melds_of):
        found, _ = check_side_melds(melds, rules.melds, path="")
        canastas, _, sambas = count_complete(found)
        need = rules.going_out if players == 4 else TWO_PLAYER_GOING_OUT
        complete = canastas + (sambas if need.sambas_count else 0)
        if melds and complete >= need.min_complete:
            candidates.append(side)
    if candidates and rng.random() < 0.8:
        side = rng.choice(candidates)
        went_out = rng.choice(seats_of[side])
        blacks = [c for c in pool.by_rank["3"] if is_black_three(c)]
        low, high = rules.melds.black_threes_out
        if len(blacks) >= low and rng.random() < 0.2:
            n = low if high is None else rng.randint(low, min(high, len(blacks)))
            melds_of[side].append(pool.take("3", n))
    for side in (0, 1):
        hands = []
        for seat in seats_of[side]:
            if seat == went_out:
                hands.append([])
            else:
                extra = pool.take_any(rng.randint(*hand_size) - 1)
                hands.append([reserve.pop(), *extra])
        sides[side]["hands"] = hands
        melds = melds_of[side]
        requirement = rules.zones.requirement(totals[side])
        if melds:
            opening = [i for i, m in enumerate(melds) if m[0].rank != "3"]
            points = sum(meld_card_points(c) for i in opening for c in melds[i])
            if points >= requirement:
                sides[side]["opening"] = opening
    raw = {
        "teams": [
            {
                **s,
                "melds": [" ".join(c.code for c in m) for m in s["melds"]],
                "red_threes": [c.code for c in s.get("red_threes", [])],
                "hands": [" ".join(c.code for c in h) for h in s["hands"]],
            }
            for s in sides
        ],
    }
    if went_out is not None:
        raw["went_out"] = went_out
    return raw


def _states(game: CanastaFamilyGame, rng: random.Random) -> list:
    from dataclasses import replace

    base = game.start()
    return [
        replace(
            base, totals=(rng.choice((0, 1500, 3000, -200)), rng.randint(0, 60) * 5)
        )
        for _ in range(8)
    ]


def _case(name: str, game: CanastaFamilyGame, seed: int, n: int) -> Case:
    rng = random.Random(seed)
    states = _states(game, rng)
    deals = []
    for i in range(n):
        state = states[i % len(states)]
        raw = legal_deal(rng, game, state.totals, hand_size=(8, 20), meld_count=(4, 8))
        deals.append((state, raw))
    matches = []
    for _ in range(5):
        state, raws = game.start(), []
        while not state.finished and len(raws) < 12:
            raws.append(legal_deal(rng, game, state.totals))
            state = game.advance(state, game.score(state, raws[-1]))
        matches.append(({}, raws))
    return Case(name, game, deals, matches, target_per_second=10_000)


def _two_player_case(seed: int, n: int) -> Case:
    """Canasta for two (ch 27): the same scorer at the table (0, 1); deals only
    (the bench folds matches at a game's first table)."""
    from dataclasses import replace

    game = Canasta()
    rng = random.Random(seed)
    base = game.start(table=Table(TWO_PLAYERS))
    deals = []
    for _ in range(n):
        state = replace(
            base, totals=(rng.choice((0, 1500, 3000, -200)), rng.randint(0, 60) * 5)
        )
        raw = legal_deal(
            rng,
            game,
            state.totals,
            hand_size=(8, 20),
            meld_count=(4, 8),
            players=2,
        )
        deals.append((state, raw))
    return Case(
        "canasta for two: card entry", game, deals, (), target_per_second=10_000
    )


def cases() -> list[Case]:
    return [
        _case("canasta: card entry, ~100 cards", Canasta(), 28, 200),
        _case("samba: card entry", Samba(), 30, 200),
        _two_player_case(27, 200),
    ]
