"""A player's page: results by game with averages and bests, partners and
opponents, and the money balance for the player and the club's admins only."""

from __future__ import annotations

import pytest

import tests.money_service.testgames  # noqa: F401  (registers the tally test game)
from money import selectors as money_selectors
from money import services as money_services
from scoring import selectors
from tests.money_service.conftest import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(club, people):
    """Sami beats Olli 30–(−30), then 25–10 over two deals, then loses −5–5; Sami
    and Mervi partner against Olli and Aino once and win."""
    admin = people.admin.user
    sami, olli = people.scorer, people.opponent
    m1 = play(club, admin, [sami, olli], [30, -30])
    m2 = play(club, admin, [sami, olli], None, deals=[[5, 10], [20, 0]])
    m3 = play(club, admin, [sami, olli], [-5, 5])
    m4 = play(
        club,
        admin,
        [sami, olli, people.member, people.admin],
        [10, 0],
        sides=(0, 1, 0, 1),
        point_value=None,
        currency="",
    )
    for m in (m1, m2, m3):
        money_services.match_settle(match=m, by=admin)
    return m1, m2, m3, m4


def test_results_by_game_with_averages_bests_and_runs(people, evening):
    sami = people.scorer
    h = selectors.player_history_get(sami.user, sami)
    r = h.by_game["Tally (test game)"]
    assert (r.played, r.won, r.lost, r.drawn) == (4, 3, 1, 0)
    assert r.best_total == 30 and r.best_deal == 30
    assert r.average == round((30 + 25 - 5 + 10) / 4, 1)
    assert r.longest_streak == 2  # won, won, lost, won
    partners = dict(h.partners)
    opponents = dict(h.opponents)
    assert (partners["Mervi"].played, partners["Mervi"].won) == (1, 1)
    assert (opponents["Olli"].played, opponents["Olli"].lost) == (4, 1)
    assert (opponents["Aino"].played, opponents["Aino"].won) == (1, 1)


def test_money_balance_for_the_player_and_the_admin_only(client, people, evening):
    sami = people.scorer
    own = money_selectors.player_balances_get(sami.user, sami)
    # Differences +60, +15, −10 points at 0.05 EUR: 3.25 EUR in Sami's favour.
    assert [(b["currency"], b["settled"]) for b in own] == [("EUR", "3.25 EUR")]
    assert money_selectors.player_balances_get(people.admin.user, sami) == own
    assert money_selectors.player_balances_get(people.member.user, sami) == []
    client.force_login(people.member.user)
    page = client.get(f"/players/{sami.pk}/").content.decode()
    assert 'id="balances"' not in page and 'id="by-game"' in page
    client.force_login(sami.user)
    assert "3.25" in client.get(f"/players/{sami.pk}/").content.decode()
    client.force_login(people.outsider)
    assert client.get(f"/players/{sami.pk}/").status_code == 404


def test_money_balance_over_a_season(client, people, evening):
    """The ledger lines of another year are left out of a season's balance."""
    from datetime import UTC, datetime

    from money.models import LedgerEntry

    sami = people.scorer
    m1 = evening[0]
    LedgerEntry.objects.filter(match=m1).update(
        created_at=datetime(2025, 3, 1, tzinfo=UTC)
    )
    year = datetime.now(UTC).year
    season = money_selectors.player_balances_get(sami.user, sami, season=year)
    assert [b["settled"] for b in season] == ["0.25 EUR"]  # +0.75 − 0.50
    old = money_selectors.player_balances_get(sami.user, sami, season=2025)
    assert [b["settled"] for b in old] == ["3.00 EUR"]
    client.force_login(sami.user)
    page = client.get(f"/players/{sami.pk}/?season=2025").content.decode()
    assert "Money, 2025" in page and "3.00 EUR" in page


def test_longest_run_of_deals_won_stays_within_a_match(club, people):
    """Deals won, won, lost, won, won, won: a run of three; the next match's first
    deal won starts a new run rather than making it four."""
    admin = people.admin.user
    sami, olli = people.scorer, people.opponent
    deals = [[1, 0], [2, 0], [0, 1], [3, 0], [4, 0], [5, 0]]
    play(club, admin, [sami, olli], None, deals=deals)
    play(club, admin, [sami, olli], None, deals=[[7, 0], [0, 2]])
    r = selectors.player_history_get(sami.user, sami).by_game["Tally (test game)"]
    assert r.longest_deal_run == 3 and r.best_deal == 7
    o = selectors.player_history_get(olli.user, olli).by_game["Tally (test game)"]
    assert o.longest_deal_run == 1 and o.best_deal == 2


def test_the_players_page_queries_do_not_grow_with_matches(client, club, people):
    """Two matches or eight: the same number of queries (no query per match)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    sami, olli = people.scorer, people.opponent
    client.force_login(sami.user)

    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/players/{sami.pk}/").status_code == 200
        return len(queries)

    for _ in range(2):
        play(club, people.admin.user, [sami, olli], [3, 1])
    few = count()
    for _ in range(6):
        play(club, people.admin.user, [sami, olli], [3, 1])
    assert count() == few
