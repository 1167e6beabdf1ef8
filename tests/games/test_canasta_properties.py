"""Canasta property tests: random legal deals verify; mutated ones are rejected."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.cases.canasta import legal_deal
from games.engine.cards import parse_cards
from games.engine.errors import DealRejected
from games.rules.canasta.canasta import Canasta
from games.rules.canasta.family import CanastaFamilyGame

GAME = Canasta()
SCORES = st.sampled_from([(0, 0), (-120, 1500), (3000, 2995), (1495, -5)])


def codes_of(game: CanastaFamilyGame, state, raw) -> set[str]:
    with pytest.raises(DealRejected) as info:
        game.score(state, raw)
    return {e.code for e in info.value.errors}


def rank_melds(raw):
    """(team, index, cards) of every rank meld (not sequences, not black threes)."""
    out = []
    for t, team in enumerate(raw["teams"]):
        for i, text in enumerate(team["melds"]):
            cards = parse_cards(text)
            naturals = {c.rank for c in cards if c.rank not in ("2", "Jo")}
            if len(naturals) == 1 and "3" not in naturals:
                out.append((t, i, text.split()))
    return out


def holding_hand(raw):
    """(team, hand index) of a player who still holds cards."""
    for t, team in enumerate(raw["teams"]):
        for h, hand in enumerate(team["hands"]):
            if hand:
                return t, h
    raise AssertionError("someone always holds cards")


def check_legal_deal_scores(game, rnd, totals):
    state = replace(game.start(), totals=totals)
    raw = legal_deal(rnd, game, totals)
    result = game.score(state, raw)
    assert result.verified
    for s, points in enumerate(result.points):
        assert points % 5 == 0
        assert points == result.detail["sides"][s]["total"]
    return state, raw


def check_extra_copy_rejected(game, rnd, totals):
    state, raw = check_legal_deal_scores(game, rnd, totals)
    t, h = holding_hand(raw)
    card = rnd.choice(raw["teams"][t]["hands"][h].split())
    copies = game.rules.deck.holds(parse_cards(card)[0])
    raw["teams"][t]["hands"][h] += f" {card}" * (copies + 1)
    assert "too_many_copies" in codes_of(game, state, raw)


def check_natural_removed_rejected(game, rnd, totals):
    state, raw = check_legal_deal_scores(game, rnd, totals)
    melds = rank_melds(raw)
    if not melds:
        return
    t, i, cards = rnd.choice(melds)
    naturals = [c for c in cards if c not in ("2C", "2D", "2H", "2S", "Jo")]
    for card in naturals[1:]:  # leave one natural: no longer a meld
        cards.remove(card)
    raw["teams"][t]["melds"][i] = " ".join(cards)
    assert codes_of(game, state, raw) & {"too_few_naturals", "meld_too_short"}


def check_extra_wild_rejected(game, rnd, totals):
    state, raw = check_legal_deal_scores(game, rnd, totals)
    melds = rank_melds(raw)
    if not melds:
        return
    t, i, cards = rnd.choice(melds)
    wilds = sum(c in ("2C", "2D", "2H", "2S", "Jo") for c in cards)
    cards += ["Jo"] * (game.rules.melds.max_wilds + 1 - wilds)
    raw["teams"][t]["melds"][i] = " ".join(cards)
    assert "too_many_wilds" in codes_of(game, state, raw)


def check_fold_from(game, rnd, cut):
    deals, state = [], game.start()
    for _ in range(6):
        raw = legal_deal(rnd, game, state.totals)
        deals.append(raw)
        if not state.finished:
            state = game.advance(state, game.score(state, raw))
    whole = game.fold(deals)
    prefix = game.fold(deals[:cut])
    rest = game.fold_from(
        prefix.state,
        deals[cut:],
        earlier=prefix.deals,
        numbers=[r.number for r in whole.deals[cut:]],
    )
    assert rest.totals == whole.totals
    assert rest.deals == whole.deals
    assert rest.next_deal == whole.next_deal


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), SCORES)
def test_legal_deals_score(rnd: random.Random, totals):
    check_legal_deal_scores(GAME, rnd, totals)


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), SCORES)
def test_extra_copy_rejected(rnd, totals):
    check_extra_copy_rejected(GAME, rnd, totals)


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), SCORES)
def test_natural_removed_rejected(rnd, totals):
    check_natural_removed_rejected(GAME, rnd, totals)


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), SCORES)
def test_fourth_wild_rejected(rnd, totals):
    check_extra_wild_rejected(GAME, rnd, totals)


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 6))
def test_fold_equals_prefix_then_rest(rnd, cut):
    check_fold_from(GAME, rnd, cut)
