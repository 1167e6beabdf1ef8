"""The score book's services: verification, the fold, corrections, voids, history."""

from __future__ import annotations

import pytest

from games.engine import DealRejected, OptionsRejected, SetupRejected
from scoring import services
from scoring.errors import Conflict, DomainError, NotAllowed
from scoring.models import Deal, DealRevision, DealStatus, MatchStatus, RevisionKind
from tests.scoring.factories import race_match

pytestmark = pytest.mark.django_db


def submit(match, number, a, b, by):
    return services.deal_submit(
        match=match, number=number, input={"points": [a, b]}, by=by
    )


def test_start_match_stores_options_seats_and_an_empty_fold(club, people, match):
    """A new match has the engine's default options, its seats and 0–0 totals."""
    assert match.game_id == "race-test"
    assert match.options == {"target": 100, "threshold": 50}
    assert [(s.position, s.side, s.player) for s in match.seats.all()] == [
        (0, 0, people.scorer),
        (1, 1, people.opponent),
    ]
    assert match.totals == [0, 0]
    assert match.next_deal["number"] == 1
    assert match.status == MatchStatus.IN_PROGRESS
    assert list(match.scorers.all()) == [people.scorer]


def test_start_match_rejects_bad_options_table_and_strangers(club, people):
    """The engine checks options and seats; seated players must be club members."""
    by = people.scorer.user
    with pytest.raises(OptionsRejected):
        race_match(club, by, [people.scorer, people.opponent], options={"target": 0})
    with pytest.raises(SetupRejected):
        race_match(club, by, [people.scorer, people.opponent], sides=(0, 0))
    with pytest.raises(DomainError) as exc:
        services.match_start(club=club, game="nope", seats=[], by=by)
    assert exc.value.code == "unknown_game"
    with pytest.raises(NotAllowed):
        race_match(club, people.member.user, [people.scorer, people.opponent])


@pytest.mark.parametrize(
    ("point_value", "currency", "code"),
    [
        ("0", "EUR", "invalid"),
        ("-1", "EUR", "invalid"),
        ("0.5", "eu", "invalid"),
        (None, "XYZ", "unknown_currency"),
        ("abc", "EUR", "invalid"),
        ("0.5", "XYZ", "unknown_currency"),
    ],
)
def test_start_match_checks_the_stake(club, people, point_value, currency, code):
    """A stake is a positive point value in a known ISO 4217 currency."""
    with pytest.raises(DomainError) as exc:
        race_match(
            club,
            people.scorer.user,
            [people.scorer, people.opponent],
            point_value=point_value,
            currency=currency,
        )
    assert exc.value.code == code


def test_submit_deal_folds_totals_and_records_an_entry(match, people):
    """Deals are verified, stored as entered, and the totals are the engine's fold."""
    by = people.scorer.user
    deal = submit(match, 1, 30, 10, by)
    submit(match, 2, 5, 25, by)
    match.refresh_from_db()
    assert deal.status == DealStatus.COUNTED
    assert deal.input == {"points": [30, 10]}
    assert deal.result["points"] == [30, 10]
    assert deal.totals == [30, 10]
    assert match.totals == [35, 35]
    assert match.next_deal["number"] == 3
    assert match.version == 3
    assert list(deal.revisions.values_list("kind", flat=True)) == ["entered"]


def test_a_rejected_deal_stores_nothing(match, people):
    """An invalid deal raises the engine's errors and leaves the book unchanged."""
    with pytest.raises(DealRejected) as exc:
        submit(match, 1, -3, 10, people.scorer.user)
    assert exc.value.as_list()[0]["path"] == "points.0"
    assert not Deal.objects.exists()
    assert not DealRevision.objects.exists()


def test_deal_numbers_are_checked(match, people):
    """Deal 1 twice, or deal 3 before 2, is a conflict with the current state."""
    by = people.scorer.user
    submit(match, 1, 10, 0, by)
    with pytest.raises(Conflict) as exc:
        submit(match, 1, 10, 0, by)
    assert exc.value.code == "deal_exists"
    assert exc.value.extra["match"]["next_deal"]["number"] == 2
    with pytest.raises(Conflict) as exc:
        submit(match, 3, 10, 0, by)
    assert exc.value.code == "wrong_deal_number"
    assert Deal.objects.count() == 1


def test_correcting_deal_one_rescores_the_rest_and_flags_an_invalid_later_deal(
    match, people
):
    """Deal 2 (5 points) becomes invalid once deal 1 puts side 0 at 50: flagged."""
    by = people.scorer.user
    d1 = submit(match, 1, 40, 0, by)
    submit(match, 2, 5, 0, by)
    submit(match, 3, 10, 20, by)
    corrected = services.deal_correct(
        match=match,
        number=1,
        input={"points": [50, 0]},
        base_version=d1.version,
        reason="misread 40 for 50",
        by=by,
    )
    match.refresh_from_db()
    d2 = match.deals.get(number=2)
    assert corrected.version == 2
    assert d2.status == DealStatus.FLAGGED
    assert d2.errors[0]["code"] == "below_requirement"
    assert match.needs_attention is True
    assert match.totals == [60, 20]  # deal 2 contributes nothing
    assert match.deals.get(number=3).totals == [60, 20]
    kinds = list(
        DealRevision.objects.filter(deal=corrected).values_list("kind", "reason")
    )
    assert kinds == [("entered", ""), ("corrected", "misread 40 for 50")]
    # Correcting the flagged deal clears the flag.
    services.deal_correct(
        match=match,
        number=2,
        input={"points": [15, 0]},
        base_version=d2.version,
        reason="it was 15",
        by=by,
    )
    match.refresh_from_db()
    assert match.needs_attention is False
    assert match.totals == [75, 20]


def test_a_correction_is_verified_in_the_context_before_the_deal(match, people):
    """A correction the rules reject where it stands is refused, nothing changes."""
    by = people.scorer.user
    submit(match, 1, 60, 0, by)
    d2 = submit(match, 2, 10, 0, by)
    with pytest.raises(DealRejected):
        services.deal_correct(
            match=match,
            number=2,
            input={"points": [5, 0]},
            base_version=d2.version,
            reason="x",
            by=by,
        )
    d2.refresh_from_db()
    assert d2.input == {"points": [10, 0]}
    assert d2.revisions.count() == 1


def test_stale_corrections_and_voids_are_conflicts(match, people):
    by = people.scorer.user
    d1 = submit(match, 1, 10, 0, by)
    services.deal_correct(
        match=match,
        number=1,
        input={"points": [20, 0]},
        base_version=1,
        reason="typo",
        by=by,
    )
    with pytest.raises(Conflict) as exc:
        services.deal_correct(
            match=match,
            number=1,
            input={"points": [30, 0]},
            base_version=d1.version,
            reason="typo",
            by=by,
        )
    assert exc.value.code == "stale_version"
    with pytest.raises(Conflict):
        services.deal_void(match=match, number=1, base_version=1, reason="x", by=by)


def test_void_keeps_the_deal_and_its_number(match, people):
    """A voided deal stays on the sheet, counts nothing, and keeps its number."""
    by = people.scorer.user
    submit(match, 1, 10, 0, by)
    d2 = submit(match, 2, 30, 0, by)
    voided = services.deal_void(
        match=match, number=2, base_version=d2.version, reason="entered twice", by=by
    )
    match.refresh_from_db()
    assert voided.status == DealStatus.VOIDED
    assert match.totals == [10, 0]
    assert match.next_deal["number"] == 3
    assert match.next_deal["engine_number"] == 2
    submit(match, 3, 0, 10, by)
    assert list(match.deals.values_list("number", "status")) == [
        (1, "counted"),
        (2, "voided"),
        (3, "counted"),
    ]
    assert voided.revisions.last().kind == RevisionKind.VOIDED
    with pytest.raises(Conflict):
        services.deal_correct(
            match=match,
            number=2,
            input={"points": [1, 0]},
            base_version=voided.version,
            reason="x",
            by=by,
        )


def test_reason_is_required_for_corrections(match, people):
    by = people.scorer.user
    submit(match, 1, 10, 0, by)
    with pytest.raises(DomainError) as exc:
        services.deal_correct(
            match=match,
            number=1,
            input={"points": [1, 0]},
            base_version=1,
            reason="  ",
            by=by,
        )
    assert exc.value.path == "reason"


def test_finish_needs_a_decided_match_and_closes_the_book(match, people):
    by = people.scorer.user
    submit(match, 1, 60, 0, by)
    with pytest.raises(Conflict) as exc:
        services.match_finish(match=match, by=by)
    assert exc.value.code == "not_decided"
    submit(match, 2, 40, 0, by)
    # The deciding deal finished it (tests/scoring/test_match_ends.py); "Finish"
    # pressed afterwards changes nothing.
    finished = services.match_finish(match=match, by=by)
    assert finished.status == MatchStatus.FINISHED
    assert finished.winners == [0]
    with pytest.raises(Conflict) as exc:
        submit(match, 3, 10, 0, by)
    assert exc.value.code == "match_closed"
    with pytest.raises(Conflict) as exc:
        services.deal_correct(
            match=match,
            number=1,
            input={"points": [1, 0]},
            base_version=1,
            reason="x",
            by=by,
        )
    assert exc.value.code == "match_closed"


def test_abandon(match, people):
    abandoned = services.match_abandon(
        match=match, reason="closing time", by=people.scorer.user
    )
    assert abandoned.status == MatchStatus.ABANDONED
    assert abandoned.end_reason == "closing time"


def test_only_the_match_scorers_and_club_admins_score(match, people):
    """A member not listed as a scorer, or an outsider, may not enter deals."""
    for user in (people.member.user, people.outsider):
        with pytest.raises(NotAllowed):
            submit(match, 1, 10, 0, user)
    submit(match, 1, 10, 0, people.admin.user)


def test_result_changes_are_dispatched_after_commit(
    match, people, settings, django_capture_on_commit_callbacks, monkeypatch
):
    """The configured tasks get the match id once the transaction commits."""
    from scoring import tasks

    sent = []

    class FakeTask:
        def apply_async(self, args, **options):
            sent.append(args[0])

        def delay(self, match_id):
            sent.append(match_id)

    class FakeLoader:
        def import_default_modules(self):
            pass

    fake_app = type(
        "App", (), {"tasks": {"t.standings": FakeTask()}, "loader": FakeLoader()}
    )
    monkeypatch.setattr(tasks, "current_app", fake_app)
    settings.KIRJURI_RESULT_CHANGED_TASKS = ["t.standings", "t.missing"]
    with django_capture_on_commit_callbacks(execute=True):
        submit(match, 1, 10, 0, people.scorer.user)
    assert sent == [match.pk]


def test_refold_is_idempotent(match, people):
    submit(match, 1, 10, 5, people.scorer.user)
    match.refresh_from_db()
    before = (match.totals, match.next_deal, match.state)
    services.match_refold(match=match)
    match.refresh_from_db()
    assert (match.totals, match.next_deal, match.state) == before
