"""Settling matches and sessions into the ledger (money.services)."""

from __future__ import annotations

import pytest

from config.api import DomainError
from games.engine import get_game
from money import selectors as money_selectors
from money import services as money_services
from money.models import EntryKind, LedgerEntry, SettlementRecord, SettlementStatus
from scoring import services
from scoring.models import Match
from tests.money_service.conftest import play


def nets(source_kind, source_id):
    settled, _paid = money_selectors.balances_compute(
        LedgerEntry.objects.filter(source_kind=source_kind, source_id=source_id)
    )
    return {k: v for k, v in settled.items() if v}


def test_two_players_the_loser_pays_the_difference_times_the_value(club, people):
    """Book §1.2: Anna 520, Cai 385 at 0.05 EUR — Cai pays Anna 6.75 EUR."""
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])

    record = money_services.match_settle(match=match, by=people.admin.user)

    assert record.status == SettlementStatus.SETTLED
    assert nets("match", match.pk) == {
        f"p{people.anna.pk}": 675,
        f"p{people.cai.pk}": -675,
    }
    sheet = money_selectors.match_sheet_get(people.member.user, match.pk)
    assert [
        (t["payer_name"], t["payee_name"], t["amount_display"])
        for t in sheet["transfers"]
    ] == [("Cai", "Anna", "6.75 EUR")]
    assert sheet["proven_minimal"] is True
    assert sheet["total"] == 0
    assert any("135 points" in line for line in sheet["trail"][0]["lines"])


def test_settling_twice_posts_nothing_the_second_time(club, people):
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    money_services.match_settle(match=match)
    count = LedgerEntry.objects.count()

    money_services.match_settle(match=match)
    money_services.match_settle(match=match)

    assert LedgerEntry.objects.count() == count == 2


def test_average_method_for_four_players(club, people):
    """§1.2 average: 120, 95, 80, 65 → +1.50, +0.25, −0.50, −1.25 EUR; pot zero."""
    p = people
    match = play(club, p.admin.user, [p.anna, p.ben, p.cai, p.dan], [120, 95, 80, 65])

    money_services.match_settle(match=match)

    assert nets("match", match.pk) == {
        f"p{p.anna.pk}": 150,
        f"p{p.ben.pk}": 25,
        f"p{p.cai.pk}": -50,
        f"p{p.dan.pk}": -125,
    }
    sheet = money_selectors.match_sheet_get(p.member.user, match.pk)
    assert len(sheet["transfers"]) == 3
    assert sheet["trail"][0]["method"] == "average"


def test_teams_per_member_by_default(club, people):
    p = people
    match = play(
        club,
        p.admin.user,
        [p.anna, p.cai, p.ben, p.dan],
        [520, 385],
        sides=(0, 1, 0, 1),
    )
    money_services.match_settle(match=match)
    assert nets("match", match.pk) == {
        f"p{p.anna.pk}": 675,
        f"p{p.ben.pk}": 675,
        f"p{p.cai.pk}": -675,
        f"p{p.dan.pk}": -675,
    }


def test_a_session_splits_odd_cents_fairly_over_its_matches(club, people):
    """docs/money.md §2: the same split result twice gives each player 6.75 exactly."""
    p = people
    session = money_services.session_create(
        club=club, name="Friday", currency="EUR", team_mode="split", by=p.admin.user
    )
    for _ in range(2):
        match = play(
            club,
            p.admin.user,
            [p.anna, p.cai, p.ben, p.dan],
            [520, 385],
            sides=(0, 1, 0, 1),
        )
        money_services.session_add_match(session=session, match=match, by=p.admin.user)

    assert nets("session", session.pk) == {
        f"p{p.anna.pk}": 675,
        f"p{p.ben.pk}": 675,
        f"p{p.cai.pk}": -675,
        f"p{p.dan.pk}": -675,
    }
    per_match = {e.match_id for e in LedgerEntry.objects.filter(source_id=session.pk)}
    assert len(per_match) == 2
    sheet = money_selectors.session_sheet_get(p.member.user, session.pk)
    assert len(sheet["transfers"]) == 2  # Cai and Dan each pay one winner
    assert len(sheet["trail"]) == 2


def test_a_match_settled_alone_then_put_in_a_session_is_not_counted_twice(club, people):
    p = people
    match = play(club, p.admin.user, [p.anna, p.cai], [520, 385])
    money_services.match_settle(match=match)
    session = money_services.session_create(
        club=club, name="Friday", currency="EUR", by=p.admin.user
    )
    money_services.session_add_match(session=session, match=match, by=p.admin.user)

    assert nets("match", match.pk) == {}
    assert nets("session", session.pk) == {f"p{p.anna.pk}": 675, f"p{p.cai.pk}": -675}
    reversal = LedgerEntry.objects.get(
        source_kind="match", reverses__isnull=False, debit_player=p.anna
    )
    assert reversal.reverses.credit_player == p.anna  # the pot paid Anna: undone


def test_chip_game_posts_per_deal_and_a_correction_posts_reversal_and_new(club, people):
    p = people
    match = play(
        club,
        p.admin.user,
        [p.anna, p.ben, p.cai],
        None,
        game="chips-test",
        point_value="0.10",
        deals=[[30, -20, -10], [-5, 15, -10]],
    )
    money_services.match_settle(match=match)
    assert nets("match", match.pk) == {
        f"p{p.anna.pk}": 250,
        f"p{p.ben.pk}": -50,
        f"p{p.cai.pk}": -200,
    }
    assert LedgerEntry.objects.filter(deal__isnull=False).count() == 6
    before = LedgerEntry.objects.count()

    services.deal_correct(
        match=match,
        number=1,
        input={"chips": [20, -20, 0]},
        base_version=1,
        reason="Cai paid nothing",
        by=p.admin.user,
    )
    money_services.match_settle(match=match)

    assert nets("match", match.pk) == {
        f"p{p.anna.pk}": 150,
        f"p{p.ben.pk}": -50,
        f"p{p.cai.pk}": -100,
    }
    new = LedgerEntry.objects.filter(pk__gt=max_id(before))
    # Anna's and Cai's deal-1 lines changed: two reversals, one new line for Anna
    # (Cai's deal-1 net is now zero: nothing to post).
    assert sorted((e.line.split(":")[1], e.reverses_id is not None) for e in new) == [
        (f"p{p.anna.pk}", False),
        (f"p{p.anna.pk}", True),
        (f"p{p.cai.pk}", True),
    ]
    money_services.match_settle(match=match)
    assert LedgerEntry.objects.count() == before + 3


def max_id(count):
    return LedgerEntry.objects.order_by("id").values_list("id", flat=True)[count - 1]


def test_a_changed_result_of_a_settled_match_is_reversed_and_reposted(club, people):
    """As after a re-fold (engine fix): the stored totals change, the task re-runs."""
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    money_services.match_settle(match=match)
    match.totals = [500, 385]
    match.save(update_fields=["totals"])

    money_services.match_settle(match=match)

    assert nets("match", match.pk) == {
        f"p{people.anna.pk}": 575,
        f"p{people.cai.pk}": -575,
    }
    assert LedgerEntry.objects.filter(reverses__isnull=False).count() == 2
    assert LedgerEntry.objects.count() == 6


# -- bad input: a clear 400, nothing stored --------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "code", "path"),
    [
        ({"point_value": "0"}, "non_positive_point_value", "point_value"),
        ({"point_value": "-0.05"}, "non_positive_point_value", "point_value"),
        ({"currency": "XYZ"}, "unknown_currency", "currency"),
        ({"currency": "eur"}, "unknown_currency", "currency"),
        ({"game": "winloss-test"}, "stake_on_win_loss_game", "point_value"),
    ],
)
def test_bad_stakes_are_refused_naming_the_field(kwargs, code, path):
    args = {"game": "tally-test", "point_value": "0.05", "currency": "EUR", **kwargs}
    with pytest.raises(DomainError) as err:
        money_services.stake_check(**args)
    assert (err.value.code, err.value.path) == (code, path)


def test_a_session_refuses_a_match_in_another_currency(club, people):
    p = people
    session = money_services.session_create(
        club=club, name="Friday", currency="EUR", by=p.admin.user
    )
    match = play(club, p.admin.user, [p.anna, p.cai], [520, 385], currency="SEK")
    with pytest.raises(DomainError) as err:
        money_services.session_add_match(session=session, match=match, by=p.admin.user)
    assert err.value.code == "mixed_currencies"
    assert not session.links.exists()
    assert not LedgerEntry.objects.exists()


def test_a_per_point_stake_on_a_win_loss_game_is_refused_and_nothing_posted(
    club, people, monkeypatch
):
    """Refused when the match is started (400 naming point_value); nothing stored."""
    monkeypatch.setattr(get_game("tally-test"), "stakes_per_point", False)
    matches = Match.objects.count()
    with pytest.raises(DomainError) as err:
        play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    assert err.value.code == "stake_on_win_loss_game"
    assert err.value.path == "point_value"
    assert Match.objects.count() == matches
    assert not LedgerEntry.objects.exists()


def test_a_stake_the_rules_refuse_at_settlement_is_recorded_and_posts_nothing(
    club, people, monkeypatch
):
    """A match started before its game became win/loss-only (or a stake set by
    other means) is refused when settled: the sheet says why, the ledger is empty."""
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    monkeypatch.setattr(get_game("tally-test"), "stakes_per_point", False)
    with pytest.raises(DomainError) as err:
        money_services.match_settle(match=match, by=people.admin.user)
    assert err.value.code == "stake_on_win_loss_game"
    assert not LedgerEntry.objects.exists()

    assert money_services.source_settle(kind="match", source_id=match.pk) == "refused"
    record = money_selectors.match_sheet_get(people.member.user, match.pk)
    assert record["status"] == "refused"
    assert record["errors"][0]["code"] == "stake_on_win_loss_game"
    assert not LedgerEntry.objects.exists()


def test_a_flat_stake_per_match_won(club, people, monkeypatch):
    """§1.2 / docs §5: a win/loss-only game may be played for a flat amount."""
    monkeypatch.setattr(get_game("tally-test"), "stakes_per_point", False)
    p = people
    match = play(
        club, p.admin.user, [p.anna, p.ben, p.cai], [3, 1, 2], point_value=None
    )
    money_services.match_terms_set(
        match=match, team_mode="per_member", flat_stake="1.00", by=p.admin.user
    )
    money_services.match_settle(match=match)
    assert nets("match", match.pk) == {
        f"p{p.anna.pk}": 200,
        f"p{p.ben.pk}": -100,
        f"p{p.cai.pk}": -100,
    }


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"currency": "ABC"}, "unknown_currency"),
        ({"point_value": "0"}, "non_positive_point_value"),
        ({"team_mode": "each"}, "invalid_team_mode"),
        ({"name": " "}, "required"),
    ],
)
def test_session_create_refuses_bad_input(club, people, kwargs, code):
    args = {"name": "Friday", "currency": "EUR", **kwargs}
    with pytest.raises(DomainError) as err:
        money_services.session_create(club=club, by=people.admin.user, **args)
    assert err.value.code == code


def test_only_a_club_admin_settles(club, people):
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    with pytest.raises(DomainError) as err:
        money_services.match_settle(match=match, by=people.member.user)
    assert err.value.status_code == 403


# -- transfers marked paid --------------------------------------------------------


def test_marking_a_transfer_paid_leaves_only_what_is_open(club, people):
    p = people
    match = play(club, p.admin.user, [p.anna, p.ben, p.cai, p.dan], [120, 95, 80, 65])
    record = money_services.match_settle(match=match)
    first = money_selectors.match_sheet_get(p.member.user, match.pk)["transfers"][0]

    entry = money_services.transfer_mark_paid(
        record=record,
        payer=first["payer"],
        payee=first["payee"],
        amount=first["amount"],
        by=p.admin.user,
    )

    assert entry.kind == EntryKind.PAYMENT and entry.created_by == p.admin.user
    sheet = money_selectors.match_sheet_get(p.member.user, match.pk)
    assert len(sheet["transfers"]) == 2
    assert first not in [
        {k: t[k] for k in ("payer", "payee", "amount")} for t in sheet["transfers"]
    ]
    assert sheet["payments"][0]["marked_by"] == p.admin.user.get_username()
    # Settling again leaves the payment alone.
    money_services.match_settle(match=match)
    assert (
        len(money_selectors.match_sheet_get(p.member.user, match.pk)["transfers"]) == 2
    )

    with pytest.raises(DomainError) as err:
        money_services.transfer_mark_paid(
            record=record,
            payer=first["payer"],
            payee=first["payee"],
            amount=first["amount"],
            by=p.admin.user,
        )
    assert err.value.code == "not_an_open_transfer"

    money_services.transfer_unmark_paid(entry=entry, by=p.admin.user)
    assert (
        len(money_selectors.match_sheet_get(p.member.user, match.pk)["transfers"]) == 3
    )


def test_the_treasurers_worked_example_in_docs_money_md(club, people):
    """docs/money.md §8: the two book examples as one session, three transfers."""
    p = people
    session = money_services.session_create(
        club=club, name="Friday", currency="EUR", by=p.admin.user
    )
    for players, scores in (
        ([p.anna, p.cai], [520, 385]),
        ([p.anna, p.ben, p.cai, p.dan], [120, 95, 80, 65]),
    ):
        match = play(club, p.admin.user, players, scores)
        money_services.session_add_match(session=session, match=match, by=p.admin.user)
    sheet = money_selectors.session_sheet_get(p.member.user, session.pk)
    assert {b["name"]: b["settled_display"] for b in sheet["balances"]} == {
        "Anna": "8.25 EUR",
        "Ben": "0.25 EUR",
        "Cai": "-7.25 EUR",
        "Dan": "-1.25 EUR",
    }
    assert [
        (t["payer_name"], t["payee_name"], t["amount_display"])
        for t in sheet["transfers"]
    ] == [
        ("Cai", "Anna", "7.25 EUR"),
        ("Dan", "Anna", "1.00 EUR"),
        ("Dan", "Ben", "0.25 EUR"),
    ]
    assert sheet["proven_minimal"]


def test_chips_left_on_the_table_settle_with_the_deal_that_takes_them(club, people):
    """Sinkki (§43.5): five players at 3, 3, 3, 9, 12 — the 4 chips paid split 1 each
    among the three lowest and 1 stays on the table (the deal does not cancel out);
    the next deal's sole winner takes 4 × 2 + 1. The two deals settle together, at
    0.10 EUR a chip; a chip still on the table is settled when it is won."""
    p = people
    players = [p.anna, p.ben, p.cai, p.dan, p.member]
    match = services.match_start(
        club=club,
        game="sinkki",
        seats=[(player, i) for i, player in enumerate(players)],
        point_value="0.10",
        currency="EUR",
        by=p.admin.user,
    )
    tie = {"mode": "totals", "trash": [3, 3, 3, 9, 12]}
    services.deal_submit(match=match, number=1, input=tie, by=p.admin.user)
    money_services.match_settle(match=match)
    assert nets("match", match.pk) == {}  # the chip on the table is not won yet
    record = SettlementRecord.objects.get(source_kind="match", source_id=match.pk)
    assert record.status == SettlementStatus.SETTLED
    (lines,) = [m["lines"] for m in record.trail]
    assert (
        lines[-1]
        == "1 chip(s) on the table since deal 1, settled with the deal that takes them."
    )

    won = {"mode": "totals", "trash": [5, 6, 7, 8, 1]}
    services.deal_submit(match=match, number=2, input=won, by=p.admin.user)
    money_services.match_settle(match=match)
    # Chips: Anna, Ben, Cai +1 − 2 = −1 each; Dan −2 − 2 = −4; Mervi −2 + 9 = +7.
    assert nets("match", match.pk) == {
        f"p{p.anna.pk}": -10,
        f"p{p.ben.pk}": -10,
        f"p{p.cai.pk}": -10,
        f"p{p.dan.pk}": -40,
        f"p{p.member.pk}": 70,
    }
