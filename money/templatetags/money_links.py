"""Links from the pages of the layers below to their settlements, without those
layers importing money (templates are the top of the stack, like the URLs):

* ``{% match_settlement_url match as url %}`` — a match played for money (a value
  per point, or a flat stake in its money terms): its settlement sheet, which
  points on to its evening's sheet when it is settled in one;
* ``{% tournament_settlement_url tournament as url %}`` — a tournament whose prize
  payout has been settled.

Empty for a visitor who is not logged in (the sheets are the club's) and for a
source with nothing to settle.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from money.models import MatchTerms, SettlementRecord, SourceKind
from scoring import permissions

register = template.Library()


def _member(context: Any, club_id: int) -> bool:
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return False
    return permissions.may_read_club(user, club_id)


@register.simple_tag(takes_context=True)
def match_settlement_url(context: Any, match: Any) -> str:
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return ""  # a guest at a table link: no query for a link it cannot follow
    if match.point_value is None and not (
        MatchTerms.objects.filter(match=match, flat_stake__isnull=False).exists()
    ):
        return ""
    if not _member(context, match.club_id):
        return ""
    return reverse("money:sheet", kwargs={"kind": "match", "source_id": match.pk})


@register.simple_tag(takes_context=True)
def tournament_settlement_url(context: Any, tournament: Any) -> str:
    if tournament.entry_fee is None:
        return ""
    if not SettlementRecord.objects.filter(
        source_kind=SourceKind.TOURNAMENT, source_id=tournament.pk
    ).exists():
        return ""
    if not _member(context, tournament.club_id):
        return ""
    return reverse(
        "money:sheet", kwargs={"kind": "tournament", "source_id": tournament.pk}
    )
