"""A match ends by itself when its rules say it is over (issue 33 item 3); a game
with no fixed end is finished by its table; the director reopens a match. Each
change of status is in the match's history."""

from __future__ import annotations

import pytest

from scoring import selectors, services
from scoring.errors import Conflict, NotAllowed
from scoring.models import MatchEvent, MatchEventKind, MatchStatus, Role
from scoring.table_links import TableGuest
from tests.scoring.factories import member, race_match

pytestmark = pytest.mark.django_db

RAMI = {"contract": "rami", "declarer": 0, "tricks": [9, 4]}  # 12 to side 0
#: A hand of Indian Poker entered as what everyone paid: seat 3 takes the pot.
HAND = {"mode": "totals", "paid": [5, 2, 1, 5], "winner": 3}


def _events(match) -> list[tuple[str, int | None]]:
    return [(e.kind, e.after_deal) for e in MatchEvent.objects.filter(match=match)]


@pytest.fixture
def four(club, people):
    return [people.scorer, people.opponent, people.member, people.admin]


def test_a_tuppi_match_reaching_52_finishes_itself(club, people, four):
    """Five ramis of 12 take side 0 from 48 to 60: the fifth deal ends the match,
    in the same write, with the history saying so; no sixth deal is taken."""
    by = people.scorer.user
    match = services.match_start(
        club=club, game="tuppi", seats=[(p, i % 2) for i, p in enumerate(four)], by=by
    )
    for number in range(1, 5):
        services.deal_submit(match=match, number=number, input=RAMI, by=by)
    match.refresh_from_db()
    assert match.totals == [48, 0] and match.status == MatchStatus.IN_PROGRESS
    services.deal_submit(match=match, number=5, input=RAMI, by=by)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.ended_at is not None
    assert match.winners == [0]
    event = MatchEvent.objects.get(match=match)
    assert (event.kind, event.after_deal, event.by) == (
        MatchEventKind.FINISHED_BY_RULES,
        5,
        by,
    )
    with pytest.raises(Conflict) as closed:
        services.deal_submit(match=match, number=6, input=RAMI, by=by)
    assert closed.value.code == "match_closed"
    # "Finish" pressed after the fact changes nothing.
    assert services.match_finish(match=match, by=by).status == MatchStatus.FINISHED
    assert _events(match) == [(MatchEventKind.FINISHED_BY_RULES, 5)]


def test_with_double_entry_only_the_confirmation_finishes(club, people):
    """The deciding deal's first entry waits; the other side's confirmation ends
    the match, and the history names the confirmer."""
    match = race_match(
        club, people.scorer.user, [people.scorer, people.opponent], double_entry=True
    )
    services.deal_submit(
        match=match, number=1, input={"points": [100, 0]}, by=people.scorer.user
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS and not match.finished
    assert not MatchEvent.objects.exists()
    deal = match.deals.get()
    services.deal_confirm(
        match=match, number=1, base_version=deal.version, by=people.opponent.user
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    event = MatchEvent.objects.get(match=match)
    assert event.kind == MatchEventKind.FINISHED_BY_RULES
    assert event.by == people.opponent.user


def test_a_second_equal_entry_also_confirms_and_finishes(club, people):
    match = race_match(
        club, people.scorer.user, [people.scorer, people.opponent], double_entry=True
    )
    for who in (people.scorer, people.opponent):
        services.deal_submit(
            match=match, number=1, input={"points": [0, 120]}, by=who.user
        )
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.winners == [1]


def test_the_director_reopens_a_finished_match_with_history(club, people, match):
    """A club admin reopens (a scorer may not); the table then voids the wrong
    deciding deal and plays on; the next deciding deal finishes it again."""
    by = people.scorer.user
    services.deal_submit(match=match, number=1, input={"points": [100, 0]}, by=by)
    with pytest.raises(NotAllowed):
        services.match_reopen(match=match, reason="wrong deal", by=by)
    services.match_reopen(
        match=match, reason="deal 1 was 10, not 100", by=people.admin.user
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS and match.ended_at is None
    with pytest.raises(Conflict) as already:
        services.match_reopen(match=match, by=people.admin.user)
    assert already.value.code == "match_open"
    deal = match.deals.get()
    services.deal_correct(
        match=match,
        number=1,
        input={"points": [10, 0]},
        base_version=deal.version,
        reason="10, not 100",
        by=by,
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS and match.totals == [10, 0]
    services.deal_submit(match=match, number=2, input={"points": [0, 100]}, by=by)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.winners == [1]
    assert _events(match) == [
        (MatchEventKind.FINISHED_BY_RULES, 1),
        (MatchEventKind.REOPENED, None),
        (MatchEventKind.FINISHED_BY_RULES, 2),
    ]
    lines = [e["text"] for e in selectors.match_event_list(match)]
    assert lines[1] == "Aino reopened the match: deal 1 was 10, not 100"


def test_a_correction_that_undecides_a_finished_match_reopens_it(club, people, match):
    by = people.scorer.user
    services.deal_submit(match=match, number=1, input={"points": [100, 0]}, by=by)
    deal = match.deals.get()
    services.deal_correct(
        match=match,
        number=1,
        input={"points": [60, 0]},
        base_version=deal.version,
        reason="miscounted",
        by=people.admin.user,
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS and match.winners == []
    assert _events(match)[-1] == (MatchEventKind.REOPENED, 1)


def test_a_correction_that_decides_an_open_match_finishes_it(club, people, match):
    by = people.scorer.user
    services.deal_submit(match=match, number=1, input={"points": [60, 0]}, by=by)
    deal = match.deals.get()
    services.deal_correct(
        match=match,
        number=1,
        input={"points": [100, 0]},
        base_version=deal.version,
        reason="miscounted",
        by=by,
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert _events(match) == [(MatchEventKind.FINISHED_BY_RULES, 1)]


@pytest.fixture
def poker(club, people, four):
    """Indian Poker with no number of hands set: the fold never says it is over."""
    return services.match_start(
        club=club,
        game="indian-poker",
        seats=[(p, i) for i, p in enumerate(four)],
        point_value="0.10",
        currency="EUR",
        by=people.scorer.user,
    )


def test_a_table_link_phone_finishes_a_game_with_no_fixed_end(people, poker):
    """The phone that said its seat finishes: the totals are the result, the
    leader the winner, and the history says the table link did it."""
    seated = TableGuest(match_id=poker.pk, seat=1)
    services.deal_submit(match=poker, number=1, input=HAND, by=seated)
    poker.refresh_from_db()
    assert poker.status == MatchStatus.IN_PROGRESS and not poker.finished
    assert selectors.match_goal_get(poker).open_ended
    with pytest.raises(NotAllowed) as no_seat:
        services.match_finish(match=poker, by=TableGuest(match_id=poker.pk))
    assert no_seat.value.code == "seat_required"
    services.match_finish(match=poker, by=seated)
    poker.refresh_from_db()
    assert poker.status == MatchStatus.FINISHED
    assert poker.totals == [95, 98, 99, 108] and poker.winners == [3]
    event = MatchEvent.objects.get(match=poker)
    assert (event.kind, event.via, event.seat, event.by) == (
        MatchEventKind.FINISHED,
        "table_link",
        1,
        None,
    )
    assert selectors.match_event_list(poker)[0]["text"] == (
        "the table link (Olli) finished the match."
    )


def test_a_game_with_a_fixed_end_is_not_finished_by_hand(club, people, match):
    """A race to 100 at 60: the scorer must abandon it, the table link cannot
    finish it."""
    services.deal_submit(
        match=match, number=1, input={"points": [60, 0]}, by=people.scorer.user
    )
    with pytest.raises(Conflict) as undecided:
        services.match_finish(match=match, by=people.scorer.user)
    assert undecided.value.code == "not_decided"
    with pytest.raises(NotAllowed) as refused:
        services.match_finish(match=match, by=TableGuest(match_id=match.pk, seat=0))
    assert refused.value.code == "table_link"


def test_a_correction_keeps_a_finished_chip_game_finished(people, poker):
    """Finished by hand, the corrected totals are the result: the match stays
    finished and its winner follows the correction."""
    by = people.scorer.user
    services.deal_submit(match=poker, number=1, input=HAND, by=by)
    services.match_finish(match=poker, by=by)
    deal = poker.deals.get()
    services.deal_correct(
        match=poker,
        number=1,
        input={**HAND, "paid": [5, 5, 1, 2], "winner": 1},
        base_version=deal.version,
        reason="seat 1 took the pot",
        by=people.admin.user,
    )
    poker.refresh_from_db()
    assert poker.status == MatchStatus.FINISHED and poker.winners == [1]


def test_a_member_who_does_not_score_may_not_finish(club, people, poker):
    outsider_scorer = member(club, Role.MEMBER, "Maija")
    with pytest.raises(NotAllowed):
        services.match_finish(match=poker, by=outsider_scorer.user)
