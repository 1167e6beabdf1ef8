"""The club's people: rename, retire, near-duplicates, merge, many clubs, guests."""

from __future__ import annotations

import pytest

import tests.money_service.testgames  # noqa: F401  (registers the tally test game)
from money import selectors as money_selectors
from money import services as money_services
from money.models import LedgerEntry
from scoring import selectors, services
from scoring.errors import DomainError, NotAllowed
from scoring.models import Membership, Player, PlayerMerge, Role, Seat
from scoring.names import name_key
from tests.money_service.conftest import play
from tests.scoring.factories import ClubFactory, UserFactory, member
from tournaments import selectors as t_selectors
from tournaments import services as t_services
from tournaments.models import EntryMember

pytestmark = pytest.mark.django_db


def test_name_key_ignores_case_accents_and_spacing():
    """ "Äinö  Ö" and "aino o" are the same name; "Aina" is not."""
    assert name_key("  Äinö   Ö ") == name_key("aino o") == "aino o"
    assert name_key("Aina") != name_key("Aino")


def test_rename_sets_the_short_name_the_sheet_prints(club, people):
    renamed = services.player_rename(
        club=club,
        player=people.opponent,
        display_name=" Olli Otava ",
        short_name="OO",
        by=people.admin.user,
    )
    assert (renamed.display_name, renamed.sheet_name) == ("Olli Otava", "OO")
    with pytest.raises(DomainError) as err:
        services.player_rename(
            club=club,
            player=renamed,
            display_name="x",
            short_name="y" * 13,
            by=people.admin.user,
        )
    assert err.value.path == "short_name"
    with pytest.raises(NotAllowed):
        services.player_rename(
            club=club, player=renamed, display_name="Z", by=people.scorer.user
        )


def test_retired_player_leaves_the_pickers_and_keeps_the_history(club, people, match):
    services.player_retire(club=club, player=people.opponent, by=people.admin.user)
    assert people.opponent not in selectors.club_pickable_player_list(club)
    assert people.opponent in selectors.club_player_list(club)
    assert Seat.objects.filter(player=people.opponent, match=match).exists()
    services.player_retire(
        club=club, player=people.opponent, retired=False, by=people.admin.user
    )
    assert people.opponent in selectors.club_pickable_player_list(club)


def test_the_last_admin_cannot_retire(club, people):
    with pytest.raises(DomainError) as err:
        services.player_retire(club=club, player=people.admin, by=people.admin.user)
    assert err.value.code == "last_admin"


def test_a_near_duplicate_name_is_refused_offering_the_existing_player(club, people):
    with pytest.raises(DomainError) as err:
        services.player_add(club=club, display_name="ÁINO", by=people.admin.user)
    assert (err.value.code, err.value.path) == ("near_duplicate", "display_name")
    assert f"#{people.admin.pk}" in err.value.message
    second = services.player_add(
        club=club, display_name="ÁINO", allow_duplicate=True, by=people.admin.user
    )
    assert second.pk != people.admin.pk


def test_one_account_plays_in_two_clubs(club, people):
    """Another club invites the account; once accepted, its one player is in both."""
    other = ClubFactory(name="Pata", slug="pata")
    boss = member(other, Role.ADMIN, "Pekka")
    invitation = services.invitation_send(
        club=other, username=people.opponent.user.username, by=boss.user
    )
    services.invitation_accept(token=invitation.token, by=people.opponent.user)
    assert set(people.opponent.clubs.all()) == {club, other}
    assert Player.objects.filter(user=people.opponent.user).count() == 1


def test_a_guest_is_a_visitor_without_an_account(club, people):
    guest = services.player_add(
        club=club, display_name="Visiting Vera", guest=True, by=people.admin.user
    )
    membership = Membership.objects.get(club=club, player=guest)
    assert membership.is_guest and membership.role == Role.MEMBER
    assert guest.user is None


def _money_totals(user, match_ids):
    out = {}
    for mid in match_ids:
        sheet = money_selectors.match_sheet_get(user, mid)
        out[mid] = (sheet["total"], sum(b["settled"] for b in sheet["balances"]))
    return out


def test_merge_moves_every_row_and_changes_no_total(club, people):
    """Two "Bob"s: one in a tournament, one at a money match. After the merge one
    Bob holds every seat, entry and ledger line; sheets, standings and settlement
    totals are what they were."""
    admin = people.admin.user
    bob = member(club, Role.MEMBER, "Bob")
    bob2 = services.player_add(
        club=club, display_name="bób", allow_duplicate=True, by=admin
    )
    ann, cid = member(club, name="Ann"), member(club, name="Cid")
    m1 = play(club, admin, [bob2, ann], [30, -30])
    m2 = play(club, admin, [bob, cid], [-10, 10])
    for m in (m1, m2):
        money_services.match_settle(match=m, by=admin)
    tournament = t_services.tournament_create(
        club=club, name="Night", game="sleazy", format="round_robin", by=admin
    )
    t_services.entries_add(tournament=tournament, names="bób\nAnn", by=admin)
    stage = tournament.stages.get()
    round_ = t_services.round_generate(stage=stage, by=admin)
    from tests.tournaments.conftest import play_round

    play_round(round_, admin, lambda t: [{"mode": "totals", "points": [100, 25]}] * 4)
    standings = t_selectors.standings_data_get(tournament)
    before = _money_totals(admin, [m1.pk, m2.pk])
    owed = {
        b["name"]: b["settled"]
        for b in money_selectors.match_sheet_get(admin, m1.pk)["balances"]
    }
    sheets = [list(selectors.match_state_get(m)["totals"]) for m in (m1, m2)]
    bob2_lines = LedgerEntry.objects.filter(line__endswith=f":p{bob2.pk}").count()
    assert bob2_lines > 0

    posted = LedgerEntry.objects.count()
    record = services.player_merge(club=club, keep=bob, merge=bob2, by=admin)
    assert LedgerEntry.objects.count() == posted  # settled again, nothing posted

    assert not Player.objects.filter(pk=bob2.pk).exists()
    assert isinstance(record, PlayerMerge) and record.merged_name == "bób"
    assert record.moved["scoring.Seat.player"] == 2  # m1 and the tournament match
    assert record.moved["tournaments.EntryMember.player"] == 1
    assert EntryMember.objects.filter(player=bob, entry__tournament=tournament).exists()
    assert Seat.objects.filter(player=bob).count() == 3
    assert (
        LedgerEntry.objects.filter(line__endswith=f":p{bob.pk}").count() >= bob2_lines
    )
    assert t_selectors.standings_data_get(tournament) == standings
    assert _money_totals(admin, [m1.pk, m2.pk]) == before
    assert [list(selectors.match_state_get(m)["totals"]) for m in (m1, m2)] == sheets
    trail = str(money_selectors.match_sheet_get(admin, m1.pk)["trail"])
    assert "bób" not in trail and "Bob" in trail
    # A recompute finds every posting where it is: nothing is reversed or reposted.
    count = LedgerEntry.objects.count()
    money_services.match_settle(match=m1, by=admin)
    assert LedgerEntry.objects.count() == count
    balance = {
        b["name"]: b["settled"]
        for b in money_selectors.match_sheet_get(admin, m1.pk)["balances"]
    }
    assert balance == {"Bob": owed["bób"], "Ann": owed["Ann"]}
    assert balance["Bob"] == 300  # (30 - -30) points at 0.05 EUR


def test_merge_refuses_players_who_sat_at_one_table(club, people, match):
    with pytest.raises(DomainError) as err:
        services.player_merge(
            club=club, keep=people.scorer, merge=people.opponent, by=people.admin.user
        )
    assert (err.value.code, err.value.path) == ("both_have_accounts", "merge")
    guest = services.player_add(
        club=club, display_name="Guest", guest=True, by=people.admin.user
    )
    from tests.scoring.factories import race_match

    race_match(club, people.scorer.user, [people.scorer, guest])
    with pytest.raises(DomainError) as err:
        services.player_merge(
            club=club, keep=people.scorer, merge=guest, by=people.admin.user
        )
    assert err.value.code == "played_together"


def test_merge_keeps_the_account_and_the_higher_role(club, people):
    other = ClubFactory(name="Pata", slug="pata")
    loose = Player.objects.create(display_name="Olli again")
    Membership.objects.create(club=club, player=loose, role=Role.SCORER)
    Membership.objects.create(club=other, player=loose, role=Role.MEMBER)
    services.player_merge(
        club=club, keep=loose, merge=people.opponent, by=people.admin.user
    )
    loose.refresh_from_db()
    assert loose.user is not None and loose.user.username
    assert Membership.objects.get(club=club, player=loose).role == Role.SCORER
    assert set(loose.clubs.all()) == {club, other}
    assert UserFactory._meta.model.objects.filter(pk=loose.user_id).exists()
