"""Money stakes, book 001 §1.2: two sides, average, chips, win/loss-only games."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from money.settlement import MoneyError
from money.settlement.chips import (
    ChipPayment,
    settle_chip_nets,
    settle_chip_payments,
)
from money.settlement.currency import Money
from money.settlement.stakes import (
    settle_average,
    settle_flat,
    settle_scores,
    settle_two_sides,
)
from money.settlement.terms import (
    FlatStake,
    OddUnitLedger,
    PointStake,
    Side,
    TeamMode,
)
from tests.money_service.testgames import Tally, WinLoss  # registers the test games

EUR_5C = PointStake(Decimal("0.05"), "EUR")


# --- two sides -------------------------------------------------------------------


def test_two_players_loser_pays_difference_times_value():
    """§1.2: "the losers pay the winners the difference of scores × the value of a
    point": 520 against 385 at 0.05 EUR is 135 × 0.05 = 6.75 EUR."""
    s = settle_two_sides(Side(("anna",), 520), Side(("ben",), 385), EUR_5C)
    assert s.as_dict() == {"anna": 675, "ben": -675}
    assert "135 points × 0.05 EUR = 6.75 EUR." in s.explanation[2]
    assert s.explanation[3] == "ben pays anna 6.75 EUR."


def test_teams_per_member_is_the_default():
    """Each loser pays and each winner receives the full difference × value."""
    s = settle_two_sides(Side(("anna", "ben"), 520), Side(("cai", "dan"), 385), EUR_5C)
    assert s.as_dict() == {"anna": 675, "ben": 675, "cai": -675, "dan": -675}


def test_teams_split_shares_one_amount_and_places_the_odd_cent():
    s = settle_two_sides(
        Side(("anna", "ben"), 520),
        Side(("cai", "dan"), 385),
        EUR_5C,
        team_mode=TeamMode.SPLIT,
    )
    assert s.as_dict() == {"anna": 338, "ben": 337, "cai": -337, "dan": -338}
    # Next match, same result: the odd cent goes the other way.
    t = settle_two_sides(
        Side(("anna", "ben"), 520),
        Side(("cai", "dan"), 385),
        EUR_5C,
        team_mode=TeamMode.SPLIT,
        ledger=s.ledger,
    )
    assert t.as_dict() == {"anna": 337, "ben": 338, "cai": -338, "dan": -337}
    assert all(t.ledger.of(p) == 0 for p in ("anna", "ben", "cai", "dan"))


@given(st.lists(st.integers(-400, 400), min_size=1, max_size=60), st.randoms())
def test_odd_cents_are_fair_over_a_session(diffs, rnd):
    """Over any session of split matches of the same teams (in any seat order), no one
    is ever a whole cent ahead or behind of their exact share."""
    ledger = OddUnitLedger()
    totals = dict.fromkeys("abcdef", 0)
    for diff in diffs:
        we, they = ["a", "b", "c"], ["d", "e", "f"]
        rnd.shuffle(we)
        rnd.shuffle(they)
        s = settle_two_sides(
            Side(tuple(we), 1000 + diff),
            Side(tuple(they), 1000),
            PointStake(Decimal("0.01"), "EUR"),
            team_mode="split",
            ledger=ledger,
        )
        ledger = s.ledger
        for p, v in s.nets:
            totals[p] += v
    for p in totals:
        assert abs(ledger.of(p)) < 1


def test_equal_scores_nobody_pays():
    s = settle_two_sides(Side(("a",), 100), Side(("b",), 100), EUR_5C)
    assert s.as_dict() == {"a": 0, "b": 0}


def test_point_value_finer_than_a_cent_rounds_half_up():
    """Canasta at 0.001 EUR a point: 1505 points is 1.505 EUR, paid as 1.51 EUR."""
    s = settle_two_sides(
        Side(("a",), 5005), Side(("b",), 3500), PointStake(Decimal("0.001"), "EUR")
    )
    assert s.as_dict() == {"a": 151, "b": -151}


def test_per_member_needs_equal_teams():
    with pytest.raises(MoneyError) as err:
        settle_two_sides(Side(("a", "b"), 10), Side(("c",), 5), EUR_5C)
    assert err.value.code == "unequal_team_sizes"
    s = settle_two_sides(
        Side(("a", "b"), 10), Side(("c",), 5), EUR_5C, team_mode="split"
    )
    assert s.as_dict() == {"a": 13, "b": 12, "c": -25}


# --- average method --------------------------------------------------------------


def test_average_method_book_example():
    """Four players 120, 95, 80, 65: average 90. Those below pay (90 − score) × value
    into the pot, those above take (score − 90) × value; 1.75 EUR in, 1.75 EUR out."""
    s = settle_average({"A": 120, "B": 95, "C": 80, "D": 65}, EUR_5C)
    assert s.as_dict() == {"A": 150, "B": 25, "C": -50, "D": -125}
    assert "Average: 360 / 4 = 90." in s.explanation
    assert "D pays into the pot: (90 − 65) × 0.05 EUR = 1.25 EUR." in s.explanation
    assert s.explanation[-1] == "Paid into the pot 1.75 EUR, taken from it 1.75 EUR."


def test_fractional_average_is_exact_then_rounded_by_largest_remainder():
    """120, 95, 81: average 98 2/3; exact nets 1.0667, -0.1833, -0.8833 EUR."""
    s = settle_average({"A": 120, "B": 95, "C": 81}, EUR_5C)
    assert s.as_dict() == {"A": 107, "B": -18, "C": -89}
    assert "Average: 296 / 3 = 98 2/3." in s.explanation


def test_average_method_is_half_of_two_side_for_two_players():
    """§1.2: with the average method "the sums won/lost are approximately half of that
    what they are with the two player/team method" -- exactly half with two."""
    two = settle_two_sides(Side(("a",), 500), Side(("b",), 380), EUR_5C)
    avg = settle_average({"a": 500, "b": 380}, EUR_5C)
    assert avg.net("a") * 2 == two.net("a")


@given(
    st.dictionaries(
        st.text("abcdefgh", min_size=1, max_size=3),
        st.integers(-10_000, 10_000),
        min_size=3,
        max_size=12,
    ),
    st.sampled_from(["0.05", "0.01", "0.001", "0.2", "1", "0.0333"]),
)
def test_average_method_as_much_in_as_out(scores, value):
    s = settle_average(scores, PointStake(Decimal(value), "EUR"))
    nets = s.as_dict()
    assert sum(nets.values()) == 0
    average = Fraction(sum(scores.values()), len(scores))
    for p, v in nets.items():
        if scores[p] < average:
            assert v <= 0
        elif scores[p] > average:
            assert v >= 0


def test_more_than_two_teams_is_refused():
    with pytest.raises(MoneyError) as err:
        settle_scores(
            [Side(("a", "b"), 1), Side(("c", "d"), 2), Side(("e", "f"), 3)], EUR_5C
        )
    assert err.value.code == "average_needs_individuals"


def test_settle_scores_dispatches_on_number_of_sides():
    three = settle_scores([Side(("a",), 3), Side(("b",), 2), Side(("c",), 1)], EUR_5C)
    assert three.method == "average"
    two = settle_scores([Side(("a",), 3), Side(("b",), 2)], EUR_5C)
    assert two.method == "two_sides"


# --- chip games --------------------------------------------------------------------


def test_chip_note_average_equals_initial_chips():
    """§1.2: with poker chips, equal chips at the start and payments only player to
    player, the average of the scores at the end equals the initial chips -- so the
    average method on final chip counts settles exactly the chips won and lost."""
    rnd = random.Random(12)
    players = ["A", "B", "C", "D"]
    initial = 100
    chips = dict.fromkeys(players, initial)
    deals = []
    for _ in range(30):
        payer, payee = rnd.sample(players, 2)
        n = rnd.randint(1, 10)
        chips[payer] -= n
        chips[payee] += n
        deals.append([ChipPayment(payer, payee, n)])
    assert sum(chips.values()) / len(players) == initial
    value = PointStake(Decimal("0.10"), "EUR")
    by_chips = settle_chip_payments(deals, value, players=players)
    by_average = settle_average(chips, value)
    assert by_chips.as_dict() == by_average.as_dict()
    assert f"Average: {initial * 4} / 4 = {initial}." in by_average.explanation


def test_chip_nets_per_deal():
    deals = [{"A": 6, "B": -2, "C": -2, "D": -2}, {"A": -4, "B": 8, "C": -4, "D": 0}]
    s = settle_chip_nets(deals, PointStake(Decimal("0.25"), "EUR"))
    assert s.as_dict() == {"A": 50, "B": 150, "C": -150, "D": -50}


@pytest.mark.parametrize(
    ("deal", "code"),
    [
        ([ChipPayment("A", "A", 1)], "self_payment"),
        ([ChipPayment("A", "B", 0)], "non_positive_chips"),
        ([ChipPayment("A", "B", 1.5)], "invalid_chips"),
    ],
)
def test_invalid_chip_payments(deal, code):
    with pytest.raises(MoneyError) as err:
        settle_chip_payments([deal], EUR_5C)
    assert err.value.code == code
    assert err.value.field.startswith("deals.0.0")


def test_unbalanced_chip_deal():
    with pytest.raises(MoneyError) as err:
        settle_chip_nets([{"A": 3, "B": -2}], EUR_5C)
    assert (err.value.code, err.value.field) == ("deal_not_balanced", "deals.0")


# --- win/loss-only games, stake validation ---------------------------------------


def test_per_point_stake_on_win_loss_game_is_refused():
    """Refused where the game declares ``stakes_per_point = False`` (§1.2)."""
    with pytest.raises(MoneyError) as err:
        PointStake(Decimal("0.05"), "EUR", game=WinLoss.slug)
    assert err.value.code == "stake_on_win_loss_game"
    assert WinLoss.name in err.value.message


@pytest.mark.parametrize("game", [Tally.slug, "no-such-game"])
def test_per_point_stake_where_the_game_allows_it_or_declares_nothing(game):
    """A game that keeps the default, or a slug with no declaration, is not refused."""
    assert PointStake(Decimal("0.05"), "EUR", game=game).game == game


def test_flat_stake_per_match_won():
    stake = FlatStake(Money.of("1.00", "EUR"), game=WinLoss.slug)
    s = settle_flat(["A"], ["B", "C"], stake)
    assert s.as_dict() == {"A": 200, "B": -100, "C": -100}
    teams = settle_flat(["A", "B"], ["C", "D"], stake, team_mode="split")
    assert teams.as_dict() == {"A": 50, "B": 50, "C": -50, "D": -50}


@pytest.mark.parametrize(
    ("value", "currency", "code"),
    [
        (Decimal("0"), "EUR", "non_positive_point_value"),
        (Decimal("-0.05"), "EUR", "non_positive_point_value"),
        (0.05, "EUR", "invalid_point_value"),
        (Decimal("NaN"), "EUR", "invalid_point_value"),
        (Decimal("0.05"), "EUX", "unknown_currency"),
    ],
)
def test_invalid_point_stakes(value, currency, code):
    with pytest.raises(MoneyError) as err:
        PointStake(value, currency)
    assert err.value.code == code


def test_invalid_people():
    with pytest.raises(MoneyError) as err:
        settle_two_sides(Side(("a",), 1), Side(("a",), 2), EUR_5C)
    assert err.value.code == "duplicate_person"
    with pytest.raises(MoneyError) as err:
        settle_average({"a": 1.5, "b": 2}, EUR_5C)
    assert err.value.code == "invalid_score"
