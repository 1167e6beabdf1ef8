"""Table cards: one printed page per table of a round, with the QR code of the
table's link (:mod:`scoring.table_links`), the seats, the round and the table number.

Who: the tournament's directors and its club's admins (others 404, as the manage
page).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from scoring import selectors as scoring_selectors
from scoring.models import Seat
from scoring.views.table_links import table_card
from tournaments.models import Round, RoundStatus, Table, TableSide
from tournaments.views import _directed


@login_required
@require_GET
def round_table_cards(
    request: HttpRequest, tournament_id: int, round_id: int
) -> HttpResponse:
    """The round's table cards, ready to print (print CSS: one card a page)."""
    tournament = _directed(request, tournament_id)
    found = (
        Round.objects.filter(pk=round_id, stage__tournament=tournament)
        .select_related("stage")
        .first()
        if 0 < round_id < 2**63
        else None
    )
    if found is None:
        raise Http404("no such round")
    tables = list(
        Table.objects.filter(round=found)
        .select_related("match__game", "match__club")
        .prefetch_related(
            Prefetch("match__seats", queryset=Seat.objects.select_related("player")),
            Prefetch("sides", queryset=TableSide.objects.select_related("entry")),
        )
        .order_by("number")
    )
    matches = [t.match for t in tables if t.match is not None]
    tokens = scoring_selectors.table_link_list(matches)
    closed = found.status in (RoundStatus.LOCKED, RoundStatus.FINISHED)
    cards = []
    for table in tables:
        title = gettext("Table %(number)s") % {"number": table.number}
        subtitle = gettext("%(tournament)s · %(stage)s · round %(round)s") % {
            "tournament": tournament.name,
            "stage": found.stage.name,
            "round": found.number,
        }
        if table.match is not None and table.match.is_open and not closed:
            cards.append(
                table_card(
                    request,
                    table.match,
                    tokens[table.match.pk],
                    title=title,
                    subtitle=subtitle,
                    until=gettext("the round is locked"),
                )
            )
        else:
            cards.append(
                {
                    "title": title,
                    "subtitle": subtitle,
                    "seats": [s.entry.name for s in table.sides.all()],
                    "no_link": gettext(
                        "This table's link is not open: the round has not started."
                    )
                    if table.match is None
                    else gettext("This table's link is not open: its play is over."),
                }
            )
    return render(
        request,
        "tournaments/table_cards.html",
        {"tournament": tournament, "round": found, "cards": cards},
    )
