"""Sleazy properties: legal rounds score as counted by hand, broken ones are
rejected, and folds compose."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected
from games.engine.cards import RANKS
from games.rules.sleazy import Sleazy

GAME = Sleazy()
HIGH = {"J", "Q", "K", "A"}
OUTCOMES = ("none", "mixed_pair", "pure_pair", "basic", "full", "basic_joker")


@st.composite
def rounds(draw, colour_set: bool = False) -> tuple[dict, tuple[int, int]]:
    """A legal round (first round: dealer seat 0, so side 1 has the colour card's
    colour) and the points it is worth, counted independently."""
    colour_card = draw(st.sampled_from([r + s for r in RANKS for s in "SHDC"]))
    red_side = 1 if colour_card[-1] in "HD" else 0
    joker_free = True
    pairs: list[str] = []
    sides: list[list[dict]] = [[], []]
    points = [0, 0]
    for rank in RANKS:
        cards = [rank + s for s in "SHDC"]
        double = 2 if rank in HIGH else 1
        is_colour_number = rank == colour_card[:-1]
        if is_colour_number:
            cards.remove(colour_card)
        outcome = draw(st.sampled_from(OUTCOMES))
        side = draw(st.integers(0, 1))
        if is_colour_number and colour_set and draw(st.booleans()):
            use_joker = joker_free and draw(st.booleans())
            members = [colour_card, *cards[: 2 if use_joker else 3]]
            if use_joker:
                members.append("Jo")
                joker_free = False
            sides[side].append({"kind": "colour", "cards": members})
            points[side] += 100 * double
            continue
        if outcome == "mixed_pair":
            reds = [c for c in cards if c[-1] in "HD"]
            blacks = [c for c in cards if c[-1] in "SC"]
            pairs.append(f"{reds[0]} {blacks[0]}")
        elif outcome == "pure_pair":
            colour = draw(st.sampled_from(["HD", "SC"]))
            same = [c for c in cards if c[-1] in colour]
            if len(same) < 2:
                continue
            pairs.append(" ".join(same))
            owner = red_side if colour == "HD" else 1 - red_side
            points[owner] += 25 * double
        elif outcome in ("basic", "full", "basic_joker"):
            use_joker = outcome == "basic_joker" or len(cards) == 3
            if use_joker and not joker_free:
                continue
            if is_colour_number and colour_set and outcome == "full":
                continue  # only a colour set of the colour number
            kind = "full" if outcome == "full" else "basic"
            members = cards[:3] + (["Jo"] if use_joker else [cards[3]])
            joker_free = joker_free and not use_joker
            sides[side].append({"kind": kind, "cards": members})
            points[side] += (100 if kind == "full" else 50) * double
    raw = {
        "colour_card": colour_card,
        "pairs": pairs,
        "sides": [{"sets": sides[0]}, {"sets": sides[1]}],
    }
    return raw, (points[0], points[1])


@settings(max_examples=200)
@given(rounds())
def test_legal_rounds_score_as_counted(case):
    raw, points = case
    result = GAME.score(GAME.start(), raw)
    assert result.points == points
    assert result.detail["difference"] == points[0] - points[1]
    assert all(p % 25 == 0 for p in result.points)


@settings(max_examples=200)
@given(rounds(colour_set=True))
def test_legal_rounds_with_colour_sets_score_as_counted(case):
    raw, points = case
    assert GAME.score(GAME.start({"colour_set": True}), raw).points == points


def _rejected(raw: dict, **options) -> set[str]:
    try:
        GAME.score(GAME.start(options), raw)
    except DealRejected as rejected:
        return {e.code for e in rejected.errors}
    raise AssertionError("an impossible round was accepted")


@given(rounds(), st.data())
def test_an_extra_copy_of_a_card_is_rejected(case, data):
    raw, _ = case
    used = [c for p in raw["pairs"] for c in p.split()]
    used += [c for side in raw["sides"] for s in side["sets"] for c in s["cards"]]
    used.append(raw["colour_card"])
    card = data.draw(st.sampled_from(used))
    # A set of four where the extra copy is the only odd one out.
    extra = {"kind": "basic", "cards": [card, card, card, card]}
    sides = [raw["sides"][0], {"sets": [*raw["sides"][1]["sets"], extra]}]
    codes = _rejected({**raw, "sides": sides})
    assert "too_many_copies" in codes


@given(rounds(), st.data())
def test_a_set_missing_a_card_is_rejected(case, data):
    raw, _ = case
    where = [
        (side, j) for side in (0, 1) for j in range(len(raw["sides"][side]["sets"]))
    ]
    if not where:
        return
    side, j = data.draw(st.sampled_from(where))
    sides = [dict(s) for s in raw["sides"]]
    sets = list(sides[side]["sets"])
    sets[j] = {**sets[j], "cards": sets[j]["cards"][:3]}
    sides[side] = {"sets": sets}
    assert "set_size" in _rejected({**raw, "sides": sides})


@given(rounds(), st.data())
def test_a_joker_in_a_pair_is_rejected(case, data):
    raw, _ = case
    if not raw["pairs"]:
        return
    i = data.draw(st.integers(0, len(raw["pairs"]) - 1))
    pairs = list(raw["pairs"])
    pairs[i] = pairs[i].split()[0] + " Jo"
    assert "joker_in_pair" in _rejected({**raw, "pairs": pairs})


@given(rounds())
def test_the_colour_card_in_a_recipe_is_rejected(case):
    raw, _ = case
    card = raw["colour_card"]
    rank = card[:-1]
    partner = next(rank + s for s in "SHDC" if rank + s != card)
    pairs = [p for p in raw["pairs"] if not p.startswith(rank) or " " not in p]
    raw = {**raw, "pairs": [*pairs, f"{card} {partner}"], "red": 1}
    assert "colour_card_used" in _rejected(raw)


totals = st.tuples(st.integers(0, 40), st.integers(0, 40)).map(
    lambda t: {"mode": "totals", "points": [25 * t[0], 25 * t[1]]}
)


@settings(max_examples=100)
@given(
    st.lists(st.one_of(totals, rounds().map(lambda c: c[0])), max_size=5),
    st.integers(0, 5),
    st.sampled_from([2, 4]),
)
def test_fold_equals_fold_of_prefix_then_rest(raws, cut, length):
    options = {"rounds": length}
    whole = GAME.fold(raws, options)
    cut = min(cut, len(raws))
    prefix = GAME.fold(raws[:cut], options)
    rest = GAME.fold_from(prefix.state, raws[cut:], earlier=prefix.deals)
    assert rest.state == whole.state
    assert rest.deals == whole.deals
    assert whole.state.difference == whole.totals[0] - whole.totals[1]
