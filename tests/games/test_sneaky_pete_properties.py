"""Sneaky Pete properties: hands dealt from a real shuffled deck score as counted by
hand, broken ones are rejected, and folds compose."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table
from games.rules.sneaky_pete import SneakyPete

GAME = SneakyPete()
# Counted independently of the module: Joker 50, Ace 20, 9-K 10, 2-8 5.
VALUE = {"Jo": 50, "A": 20, "9": 10, "10": 10, "J": 10, "Q": 10, "K": 10}
RUN_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NEEDS = ((1, 1), (2, 0), (0, 2), (2, 1), (1, 2), (3, 0), (0, 3))


def value(card: str) -> int:
    return VALUE.get(card[:-1] if card != "Jo" else "Jo", 5)


def pack(decks: int, jokers: int) -> list[str]:
    ranks = RUN_RANKS[:13]
    cards = [r + s for r in ranks for s in "SHDC"] * decks
    return cards + ["Jo"] * (jokers * decks)


def _take(pool: list[str], wanted: list[str]) -> list[str] | None:
    """Remove ``wanted`` from ``pool`` if every card is there."""
    counts = Counter(pool)
    if any(counts[c] < n for c, n in Counter(wanted).items()):
        return None
    for card in wanted:
        pool.remove(card)
    return wanted


def _melds(rng: random.Random, pool: list[str], sets: int, runs: int) -> list | None:
    """The requirement built from ``pool`` (jokers now and then), or ``None``."""
    melds = []
    for kind in ["set"] * sets + ["run"] * runs:
        for _ in range(50):
            if kind == "set":
                rank = rng.choice(RUN_RANKS[:13])
                wanted = [rank + rng.choice("SHDC") for _ in range(rng.choice((3, 4)))]
            else:
                suit = rng.choice("SHDC")
                length = rng.choice((4, 5))
                start = rng.randrange(0, len(RUN_RANKS) - length + 1)
                wanted = [r + suit for r in RUN_RANKS[start : start + length]]
            if "Jo" in pool and rng.random() < 0.3:
                wanted[rng.randrange(1, len(wanted))] = "Jo"
            taken = _take(pool, wanted)
            if taken is not None:
                melds.append({"kind": kind, "cards": taken})
                break
        else:
            return None
    return melds


@st.composite
def hands(draw, *, with_melds: bool = True):
    """(options, players, hand number, raw hand, points counted by hand)."""
    decks = draw(st.sampled_from((2, 3)))
    jokers = draw(st.sampled_from((0, 1, 2)))
    players = draw(st.integers(3, 8))
    number = draw(st.integers(1, 7))
    rng = draw(st.randoms(use_true_random=False))
    pool = pack(decks, jokers)
    rng.shuffle(pool)
    out = draw(st.integers(0, players - 1))
    entries: list[dict] = []
    points = []
    for seat in range(players):
        if seat == out:
            entry: dict = {}
            if with_melds and draw(st.booleans()):
                melds = _melds(rng, pool, *NEEDS[number - 1])
                if melds is not None:
                    entry["melds"] = melds
            entries.append(entry)
            points.append(0)
            continue
        size = draw(st.integers(1, 16))
        hand = [pool.pop() for _ in range(size)]
        entry = {"hand": hand if draw(st.booleans()) else " ".join(hand)}
        if with_melds and size >= 12 and draw(st.booleans()):
            entry["melds"] = []
        entries.append(entry)
        points.append(sum(value(c) for c in hand))
    options = {"decks": decks, "jokers_per_deck": jokers}
    return options, players, number, {"went_out": out, "players": entries}, points


def state_at(options: dict, players: int, number: int):
    state = GAME.start(options, Table(tuple(range(players))))
    for _ in range(number - 1):
        raw = {"mode": "totals", "went_out": 0, "points": [0] + [5] * (players - 1)}
        state = GAME.advance(state, GAME.score(state, raw))
    return state


@settings(max_examples=200)
@given(hands())
def test_legal_hands_score_as_counted(case):
    options, players, number, raw, points = case
    result = GAME.score(state_at(options, players, number), raw)
    assert list(result.points) == points
    assert result.verified
    assert all(p % 5 == 0 for p in result.points)
    assert sum(1 for p in result.points if p == 0) == 1


def _rejected(case, raw) -> set[str]:
    options, players, number, _, _ = case
    try:
        GAME.score(state_at(options, players, number), raw)
    except DealRejected as rejected:
        return {e.code for e in rejected.errors}
    raise AssertionError("an impossible hand was accepted")


def _cards(entry: dict) -> list[str]:
    hand = entry.get("hand", [])
    return hand.split() if isinstance(hand, str) else list(hand)


@given(hands(), st.data())
def test_an_extra_copy_beyond_the_decks_is_rejected(case, data):
    options, players, _, raw, _ = case
    used = [c for e in raw["players"] for c in _cards(e)]
    card = data.draw(st.sampled_from(used))
    copies = options["decks"] * (options["jokers_per_deck"] if card == "Jo" else 1)
    seat = data.draw(
        st.sampled_from([s for s in range(players) if s != raw["went_out"]])
    )
    entries = [dict(e) for e in raw["players"]]
    entries[seat]["hand"] = _cards(entries[seat]) + [card] * (copies + 1)
    assert "too_many_copies" in _rejected(case, {**raw, "players": entries})


@given(hands(), st.data())
def test_a_meld_losing_its_naturals_is_rejected(case, data):
    _, _, _, raw, _ = case
    out = raw["went_out"]
    melds = raw["players"][out].get("melds")
    if not melds:
        return
    j = data.draw(st.integers(0, len(melds) - 1))
    broken = list(melds)
    kept = [c for c in broken[j]["cards"] if c != "Jo"][:1]
    shorter = 2 if broken[j]["kind"] == "set" else 3
    broken[j] = {**broken[j], "cards": (kept * shorter)[:shorter]}
    entries = [dict(e) for e in raw["players"]]
    entries[out] = {"melds": broken}
    codes = _rejected(case, {**raw, "players": entries})
    assert codes & {"set_too_short", "run_too_short", "repeated_rank"}


@given(hands(with_melds=False), st.data())
def test_a_card_left_with_the_player_who_went_out_is_rejected(case, data):
    _, _, _, raw, _ = case
    entries = [dict(e) for e in raw["players"]]
    entries[raw["went_out"]] = {"hand": ["5H"]}
    assert "cards_after_going_out" in _rejected(case, {**raw, "players": entries})


@given(hands(with_melds=False), st.data())
def test_an_empty_hand_beside_the_player_who_went_out_is_rejected(case, data):
    _, players, _, raw, _ = case
    seat = data.draw(
        st.sampled_from([s for s in range(players) if s != raw["went_out"]])
    )
    entries = [dict(e) for e in raw["players"]]
    entries[seat] = {}
    assert "hand_required" in _rejected(case, {**raw, "players": entries})


@given(hands(with_melds=False), st.integers(1, 4))
def test_totals_off_the_five_point_grid_are_rejected(case, odd):
    _, players, _, raw, points = case
    points = list(points)
    seat = (raw["went_out"] + 1) % players
    points[seat] += odd
    totals = {"mode": "totals", "went_out": raw["went_out"], "points": points}
    assert "not_a_multiple_of_5" in _rejected(case, totals)


@st.composite
def matches(draw):
    players = draw(st.integers(3, 6))
    deals = []
    for _ in range(draw(st.integers(0, 9))):
        out = draw(st.integers(0, players - 1))
        if draw(st.booleans()):
            points = [
                0 if s == out else 5 * draw(st.integers(1, 30)) for s in range(players)
            ]
            deals.append({"mode": "totals", "went_out": out, "points": points})
        else:
            # Sometimes a hand the rules refuse: it is kept flagged, not dropped.
            cards = ["5H", "AS", "Jo", "KD"]
            deals.append(
                {
                    "went_out": out,
                    "players": [
                        {} if s == out else {"hand": draw(st.sampled_from(cards))}
                        for s in range(players)
                    ]
                    + ([{}] if draw(st.integers(0, 9)) == 0 else []),
                }
            )
    return players, deals


@settings(max_examples=150)
@given(matches(), st.integers(0, 9))
def test_fold_equals_fold_of_prefix_then_rest(match, cut):
    players, raws = match
    table = Table(tuple(range(players)))
    whole = GAME.fold(raws, {}, table)
    cut = min(cut, len(raws))
    prefix = GAME.fold(raws[:cut], {}, table)
    rest = GAME.fold_from(prefix.state, raws[cut:], earlier=prefix.deals)
    assert rest.state == whole.state
    assert rest.deals == whole.deals
    assert GAME.fold(raws, {}, table) == whole  # deterministic
    if whole.finished:
        low = min(whole.totals)
        assert whole.winners == tuple(i for i, t in enumerate(whole.totals) if t == low)
