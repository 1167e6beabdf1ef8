"""Fewest transfers: exact settlement, minimality against brute force, greedy bound."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from money.settlement import MoneyError
from money.settlement.transfers import plan_transfers, plan_transfers_greedy


def brute_force_min_transfers(amounts: list[int]) -> int:
    """Independent exact search: settle the first open balance against every later
    balance of opposite sign and recurse (the classic backtracking)."""
    debts = [a for a in amounts if a != 0]

    def search(start: int) -> int:
        while start < len(debts) and debts[start] == 0:
            start += 1
        if start == len(debts):
            return 0
        best = len(debts)
        for j in range(start + 1, len(debts)):
            if debts[j] * debts[start] < 0:
                debts[j] += debts[start]
                best = min(best, 1 + search(start + 1))
                debts[j] -= debts[start]
        return best

    return search(0)


def balances_strategy(max_people: int, max_amount: int = 50):
    return st.lists(
        st.integers(-max_amount, max_amount), min_size=1, max_size=max_people - 1
    ).map(lambda xs: {f"p{i:02}": x for i, x in enumerate([*xs, -sum(xs)])})


def settled(balances: dict[str, int], plan) -> bool:
    left = dict(balances)
    for t in plan.transfers:
        assert t.amount > 0 and t.payer != t.payee
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return all(v == 0 for v in left.values())


def test_simple_group_split():
    """A pair with opposite balances is settled apart from the rest."""
    plan = plan_transfers({"a": 5, "b": -5, "c": 3, "d": -2, "e": -1})
    assert [(t.payer, t.payee, t.amount) for t in plan.transfers] == [
        ("b", "a", 5),
        ("d", "c", 2),
        ("e", "c", 1),
    ]
    assert plan.groups == (("a", "b"), ("c", "d", "e"))
    assert plan.proven_minimal


def test_group_found_without_opposite_pairs():
    """{+5, -2, -3} and {+4, -1, -3} settle apart: two groups, four transfers."""
    balances = {"a": 5, "b": -2, "c": -3, "d": 4, "e": -1, "f": -3}
    plan = plan_transfers(balances)
    assert plan.count == 4
    assert len(plan.groups) == 2
    assert settled(balances, plan)
    greedy = plan_transfers_greedy(balances)
    assert settled(balances, greedy)
    assert not greedy.proven_minimal
    assert greedy.count <= len(balances) - 1


def test_all_zero_needs_nothing():
    plan = plan_transfers({"a": 0, "b": 0})
    assert plan.transfers == () and plan.proven_minimal


def test_order_of_mapping_does_not_matter():
    a = {"x": 7, "y": -3, "z": -4, "w": 0}
    b = dict(reversed(list(a.items())))
    assert plan_transfers(a) == plan_transfers(b)


@pytest.mark.parametrize(
    ("balances", "code"),
    [
        ({"a": 1, "b": -2}, "balances_not_zero_sum"),
        ({"a": 1.0, "b": -1.0}, "invalid_amount"),
        ({"": 0}, "invalid_person"),
    ],
)
def test_invalid_balances(balances, code):
    with pytest.raises(MoneyError) as err:
        plan_transfers(balances)
    assert err.value.code == code


@given(balances_strategy(25, 10_000))
def test_transfers_settle_every_balance(balances):
    """Whatever the size, the plan settles every balance exactly."""
    assert settled(balances, plan_transfers(balances))
    assert settled(balances, plan_transfers_greedy(balances))


@given(balances_strategy(12, 8))
def test_count_is_people_minus_groups(balances):
    """With many small balances (many zero-sum subsets) count == n - groups."""
    plan = plan_transfers(balances)
    nonzero = sum(1 for v in balances.values() if v)
    assert plan.count == nonzero - len(plan.groups)
    for group in plan.groups:
        assert sum(balances[p] for p in group) == 0


@settings(max_examples=300)
@given(balances_strategy(7, 6))
def test_exact_is_minimal_against_brute_force(balances):
    plan = plan_transfers(balances)
    assert plan.proven_minimal
    assert plan.count == brute_force_min_transfers(list(balances.values()))


@given(balances_strategy(30, 1000))
def test_greedy_never_exceeds_n_minus_one(balances):
    nonzero = sum(1 for v in balances.values() if v)
    assert plan_transfers_greedy(balances).count <= max(0, nonzero - 1)


def test_beyond_limit_falls_back_to_greedy():
    balances = {f"p{i:02}": i + 1 for i in range(21)}
    balances["z"] = -sum(balances.values())
    plan = plan_transfers(balances)
    assert plan.method == "greedy" and not plan.proven_minimal
    assert settled(balances, plan)


def test_twenty_people_with_many_zero_sum_subsets_are_proven_minimal():
    """Hard case: many equal small balances give many zero-sum subsets.

    Its speed is measured in bench/settlement.py, not asserted here.
    """
    amounts = [3, 3, 3, 3, 3, 3, 2, 2, 2, 2, -1, -1, -1, -5, -5, -4, -4, -4, -2, -1]
    amounts[-1] -= sum(amounts)
    balances = {f"p{i:02}": a for i, a in enumerate(amounts)}
    plan = plan_transfers(balances)
    assert plan.proven_minimal and settled(balances, plan)
    assert plan.count == len(balances) - len(plan.groups)
