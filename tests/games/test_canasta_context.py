"""The Canasta family declares what the score sheet shows before the next deal."""

from __future__ import annotations

from dataclasses import replace

from games.engine import get_game


def rows(next_deal):
    return {row.code: (row.label, row.kind, row.value) for row in next_deal.context}


def test_canasta_declares_each_sides_opening_requirement():
    """§28.6.2: the zones by each side's score, as a per-side row."""
    game = get_game("canasta")
    state = replace(game.start(), totals=(-20, 1500))
    nxt = game.next_deal(state)
    assert rows(nxt) == {
        "opening_requirement": ("Opening requirement", "per_side", (15, 90))
    }
    assert nxt.opening_requirement == (15, 90)


def test_samba_declares_its_zones():
    game = get_game("samba")
    nxt = game.next_deal(replace(game.start(), totals=(7000, -5)))
    assert rows(nxt)["opening_requirement"][2] == (150, 0)


def test_contract_samba_declares_who_bids_first():
    """The auction starts left of the dealer by default, with the dealer if the
    club chooses so; the opening requirement by the zones of §31.11."""
    game = get_game("contract-samba")
    nxt = game.next_deal(replace(game.start(), totals=(10000, 0)))
    assert rows(nxt) == {
        "opening_requirement": ("Opening requirement", "per_side", (200, 50)),
        "first_bidder": ("First to bid", "seat", 1),
    }
    dealer_first = game.start({"auction_starts": "dealer"})
    assert rows(game.next_deal(dealer_first))["first_bidder"][2] == 0


def test_hand_and_foot_declares_the_deal_and_its_requirement():
    """§32.7: the requirement by the deal number, the same for both sides."""
    game = get_game("hand-and-foot")
    nxt = game.next_deal(replace(game.start(), deal_number=3))
    assert rows(nxt) == {
        "opening_requirement": ("Opening requirement", "per_side", (120, 120)),
        "deal_of_match": ("Deal", "text", "3 of 4"),
    }


def test_a_finished_match_has_no_next_deal():
    game = get_game("canasta")
    assert game.next_deal(replace(game.start(), finished=True)) is None
