"""Sakaali properties: legal deals score, broken ones are rejected, folds compose."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected
from games.engine.cards import STANDARD_CARDS
from games.rules.sakaali import REACHABLE_CARD_POINTS, Sakaali

GAME = Sakaali()
CODES = [card.code for card in STANDARD_CARDS]


@st.composite
def card_deals(draw) -> dict:
    """A legal card-entry deal: 20 different cards, each team as hands or ten."""
    cards = draw(st.permutations(CODES))[:20]
    teams = []
    for side in range(2):
        ten = cards[10 * side : 10 * side + 10]
        if draw(st.booleans()):
            teams.append({"hands": [ten[:5], " ".join(ten[5:])]})
        else:
            teams.append({"cards": ten})
    return {"teams": teams}


totals_deals = st.builds(
    lambda a, b: {"mode": "totals", "card_points": [a, b]},
    st.sampled_from(sorted(REACHABLE_CARD_POINTS)),
    st.sampled_from(sorted(REACHABLE_CARD_POINTS)),
)
any_deal = st.one_of(card_deals(), totals_deals)


def _ten(team: dict) -> list[str]:
    """A team's ten card codes, whichever way the deal entered them."""
    if "cards" in team:
        return list(team["cards"])
    return [
        code
        for hand in team["hands"]
        for code in (hand.split() if isinstance(hand, str) else hand)
    ]


@settings(max_examples=300)
@given(card_deals())
def test_legal_card_deals_always_score_one_side_or_tie(raw):
    result = GAME.score(GAME.start(), raw)
    a, b = result.detail["card_points"]
    assert a in REACHABLE_CARD_POINTS and b in REACHABLE_CARD_POINTS
    if a == b:
        assert result.points == (0, 0)
    else:
        winner = 0 if a < b else 1
        expected = abs(a - b) + 20 + (30 if min(a, b) == 0 else 0)
        assert result.points[winner] == expected
        assert result.points[1 - winner] == 0


@given(card_deals())
def test_totals_entry_of_the_same_card_points_scores_the_same(raw):
    """The card points derived from cards are accepted as totals and score alike."""
    by_cards = GAME.score(GAME.start(), raw)
    entered = {"mode": "totals", "card_points": by_cards.detail["card_points"]}
    by_totals = GAME.score(GAME.start(), entered)
    assert by_totals.points == by_cards.points
    assert by_totals.verified is False


@given(card_deals(), st.integers(0, 1), st.integers(0, 9), st.integers(0, 9))
def test_a_card_entered_twice_is_rejected(raw, side, take, put):
    """Copying one team's card over another card of the deal breaks the deck."""
    teams = [_ten(t) for t in raw["teams"]]
    teams[1 - side][put] = teams[side][take]
    mutated = {"teams": [{"cards": teams[0]}, {"cards": teams[1]}]}
    try:
        GAME.score(GAME.start(), mutated)
    except DealRejected as rejected:
        assert {e.code for e in rejected.errors} == {"too_many_copies"}
    else:
        raise AssertionError("accepted a card entered twice")


@given(card_deals(), st.integers(0, 1), st.integers(0, 9))
def test_a_missing_card_is_rejected(raw, side, drop):
    teams = [_ten(t) for t in raw["teams"]]
    del teams[side][drop]
    mutated = {"teams": [{"cards": teams[0]}, {"cards": teams[1]}]}
    try:
        GAME.score(GAME.start(), mutated)
    except DealRejected as rejected:
        assert {e.code: e.path for e in rejected.errors} == {
            "team_hand_size": f"teams.{side}.cards"
        }
    else:
        raise AssertionError("accepted a team of nine cards")


@given(st.integers(0, 400).filter(lambda v: v not in REACHABLE_CARD_POINTS))
def test_unreachable_totals_are_rejected(value):
    try:
        GAME.score(GAME.start(), {"mode": "totals", "card_points": [value, 0]})
    except DealRejected as rejected:
        assert rejected.errors[0].code == "unreachable_card_points"
    else:
        raise AssertionError(f"accepted {value} card points")


@settings(max_examples=100)
@given(
    st.lists(any_deal, max_size=20),
    st.integers(0, 20),
    st.fixed_dictionaries(
        {
            "best_of": st.sampled_from([1, 3]),
            "tie_bonus_carries": st.booleans(),
            "target": st.sampled_from([100, 300]),
        }
    ),
)
def test_fold_equals_fold_of_prefix_then_rest(raws, cut, options):
    whole = GAME.fold(raws, options)
    cut = min(cut, len(raws))
    prefix = GAME.fold(raws[:cut], options)
    rest = GAME.fold_from(prefix.state, raws[cut:], earlier=prefix.deals)
    assert rest.state == whole.state
    assert rest.deals == whole.deals
    for record in whole.deals:
        if record.score is not None:
            assert 0 in record.score.points  # one side at most scores a deal


@settings(max_examples=50)
@given(st.lists(any_deal, min_size=1, max_size=8), st.integers(1, 8))
def test_a_stanza_is_exactly_its_boards(raws, count):
    boards = [f"D{i}" for i in range(1, count + 1)]
    folded = GAME.fold(raws, {"boards": boards})
    scored = [d for d in folded.deals if d.score is not None]
    assert [d.score.detail["board"] for d in scored] == boards[: len(scored)]
    assert folded.finished == (len(raws) >= count)
    if folded.finished:
        a, b = folded.totals
        assert folded.winners == ((0, 1) if a == b else ((0,) if a > b else (1,)))
