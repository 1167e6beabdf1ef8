"""Pages of a deal: entry (from the game's deal schema), correction, void and
confirmation."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from config.translation import localized, localized_errors
from games.engine import Game, InputRejected, get_game
from scoring import permissions, selectors, services
from scoring.deal_forms import (
    Table,
    build_form,
    deal_from_post,
    deck_cards,
    has_cards,
    render_form,
    table_from_sides,
)
from scoring.errors import DomainError, NotFound
from scoring.forms import ReasonForm
from scoring.models import DealStatus, Match, MatchStatus
from scoring.story import table_namer
from scoring.views._common import (
    correctable_match,
    entry_word,
    error_list,
    match_or_404,
    scored_match,
)

# -- deal entry and correction ------------------------------------------------------


def _form_table(match: Match) -> Table:
    return table_from_sides(selectors.match_side_list(match))


def _form_parts(match: Match) -> tuple[dict[str, Any], Table]:
    """The match's deal schema and the form's table, from one read of its sides."""
    sides = selectors.match_side_list(match)
    return selectors.match_deal_schema_get(match, sides), table_from_sides(sides)


def _rule_errors(match: Match, errors: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Rule errors (fresh or stored) in the reader's language, their seats and
    sides named as the form names them (the players, the sides' labels)."""
    table = _form_table(match)
    namer = table_namer(table.side_labels, dict(enumerate(table.seat_labels)))
    return localized_errors(errors, name=namer)


def _refusal(exc: Exception, match: Match) -> list[dict[str, str]]:
    """The errors of a refused deal, as :func:`_rule_errors` shows them."""
    if isinstance(exc, InputRejected):
        return _rule_errors(match, exc.as_list())
    return error_list(exc)


def _deal_form_context(
    match: Match,
    game: Game,
    values: Any,
    errors: list[dict[str, str]],
) -> dict[str, Any]:
    schema, table = _form_parts(match)
    tree = build_form(schema, table, values)
    fields_html, loose = render_form(tree, values, errors)
    cards = has_cards(tree)
    deck = game.deck_for(game.parse_options(match.options)) if cards else None
    return {
        "match": match,
        "game": game,
        "fields_html": fields_html,
        "form_errors": loose,
        "deck": deck_cards(deck),
        "deck_name": localized(deck.name) if deck else "",
        # What one entry is called, in the reader's language ("jako").
        "deal_word": gettext(game.deal_word),
    }


def _pending_deal(match: Match) -> dict[str, Any] | None:
    for row in selectors.match_sheet_get(match)["rows"]:
        if row["status"] in (DealStatus.PENDING, DealStatus.CONFLICT):
            return row
    return None


@login_required
@require_http_methods(["GET", "POST"])
def deal_new(request: HttpRequest, match_id: int) -> HttpResponse:
    """Enter the next deal (card entry with the card picker, or quick entry).

    Who: the match's scorers and the club admins (other readers 403, others 404).
    In a double-entry match, entering a deal that waits for confirmation again (a
    player of the other side) confirms it, or marks a conflict if it differs.
    """
    match = scored_match(request, match_id)
    return deal_entry_page(
        request,
        match,
        by=request.user,
        action=reverse("scoring:deal-new", kwargs={"match_id": match.pk}),
        sheet_url=reverse("scoring:sheet", kwargs={"match_id": match.pk}),
    )


def deal_entry_page(
    request: HttpRequest,
    match: Match,
    *,
    by: Any,
    action: str,
    sheet_url: str,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    """The deal entry form of ``match`` for ``by`` (an account, or a table link's
    guest), posting to ``action`` and going back to ``sheet_url``."""
    game = get_game(match.game_id)
    pending = _pending_deal(match) if match.double_entry else None
    next_number = (match.next_deal or {}).get("number")
    number = pending["number"] if pending else next_number
    values: Any = None
    errors: list[dict[str, str]] = []
    status = 200
    if request.method == "POST":
        tree = build_form(*_form_parts(match))
        values = deal_from_post(tree, request.POST)
        try:
            posted_number = int(request.POST.get("number", ""))
        except ValueError:
            posted_number = number or 0
        try:
            deal = services.deal_submit(
                match=match, number=posted_number, input=values, by=by
            )
        except (InputRejected, DomainError) as exc:
            errors = _refusal(exc, match)
            status = 409 if getattr(exc, "status_code", 400) == 409 else 400
            match.refresh_from_db()
            next_number = (match.next_deal or {}).get("number")
            number = next_number
        else:
            # "Turn 3", "End 3", "Game 3": the game's word for one entry.
            if deal.status == DealStatus.PENDING:
                said = gettext(
                    "%(entry)s %(number)s is waiting for a player of the other "
                    "side to confirm it."
                )
            elif deal.status == DealStatus.CONFLICT:
                said = gettext(
                    "%(entry)s %(number)s differs from the first entry: correct it "
                    "to settle."
                )
            else:
                said = gettext("%(entry)s %(number)s is on the sheet.")
            messages.success(
                request, said % {"entry": entry_word(match), "number": deal.number}
            )
            # The deal's match is the one the service locked and wrote: no query.
            say_if_finished(request, deal.match)
            return redirect(sheet_url)
    if number is None or not match.is_open:
        messages.info(request, gettext("The match takes no more deals."))
        return redirect(sheet_url)
    if request.method == "GET" and pending:
        unsettled = _unsettled_refusal(match, pending, by)
        if unsettled:
            messages.info(request, unsettled)
            return redirect(sheet_url)
    context = _deal_form_context(match, game, values, errors)
    context.update(
        {
            "number": number,
            "pending": pending,
            "mode": "new",
            "action": action,
            "sheet_url": sheet_url,
            **(extra or {}),
        }
    )
    return render(request, "scoring/deal_form.html", context, status=status)


def _unsettled_refusal(match: Match, pending: dict[str, Any], by: Any) -> str:
    """Why ``by`` has no deal to enter while deal ``pending`` is unsettled (``""``:
    ``by`` may enter it again, which confirms it, or must first say its seat)."""
    number = pending["number"]
    if pending["status"] == DealStatus.CONFLICT:
        return gettext(
            "Deal %(number)s has two different entries: the match's scorer "
            "corrects it on the sheet before the next deal."
        ) % {"number": number}
    refusal = permissions.confirm_refusal(by, match, selectors.deal_get(match, number))
    if refusal is None or refusal.code == "seat_required":
        return ""
    return gettext(
        "Deal %(number)s waits for a player of the other side to confirm it; "
        "the next deal is entered after that."
    ) % {"number": number}


@login_required
@require_http_methods(["GET", "POST"])
def deal_correct(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """Correct deal ``number`` with a reason; later deals are re-scored.

    Who: the match's scorers and the club admins (other readers 403, others 404);
    once the match is finished or abandoned, club admins and overseers (a
    tournament's directors) only. The form starts from the deal as entered; its
    history is listed below.
    """
    match = correctable_match(request, match_id)
    was_finished = match.status == MatchStatus.FINISHED
    try:
        deal = selectors.deal_get(match, number)
    except NotFound:
        raise Http404("no such deal") from None
    game = get_game(match.game_id)
    values: Any = deal.input
    errors: list[dict[str, str]] = []
    reason_form = ReasonForm(
        request.POST or None, initial={"base_version": deal.version}
    )
    status = 200
    if request.method == "POST":
        tree = build_form(*_form_parts(match))
        values = deal_from_post(tree, request.POST)
        if reason_form.is_valid():
            try:
                services.deal_correct(
                    match=match,
                    number=number,
                    input=values,
                    base_version=reason_form.cleaned_data["base_version"],
                    reason=reason_form.cleaned_data["reason"],
                    by=request.user,
                )
            except (InputRejected, DomainError) as exc:
                errors = _refusal(exc, match)
                status = 409 if getattr(exc, "status_code", 400) == 409 else 400
            else:
                messages.success(
                    request,
                    gettext("%(entry)s %(number)s corrected.")
                    % {"entry": entry_word(match), "number": number},
                )
                _say_if_reopened(request, match, was_finished)
                return redirect("scoring:sheet", match_id=match.pk)
        else:
            status = 400
    elif deal.status == DealStatus.FLAGGED:
        # Why the rules reject it now, next to its fields, as stored.
        errors = _rule_errors(match, list(deal.errors or ()))
    for error in errors:
        if error.get("path") in ("reason", "base_version"):
            reason_form.add_error(None, error["message"])
    context = _deal_form_context(match, game, values, errors)
    context.update(
        {
            "number": number,
            "deal": deal,
            "mode": "correct",
            "reason_form": reason_form,
            "void_form": ReasonForm(initial={"base_version": deal.version}),
            "revisions": selectors.deal_revision_list(deal),
            "sheet_url": reverse("scoring:sheet", kwargs={"match_id": match.pk}),
            "action": reverse(
                "scoring:deal-correct",
                kwargs={"match_id": match.pk, "number": number},
            ),
        }
    )
    return render(request, "scoring/deal_form.html", context, status=status)


@login_required
@require_POST
def deal_void(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """Void deal ``number`` (it stays on the sheet, struck through) with a reason;
    the sheet's one-tap undo of the last deal posts here too.

    Who: as :func:`deal_correct`.
    """
    match = correctable_match(request, match_id)
    was_finished = match.status == MatchStatus.FINISHED
    form = ReasonForm(request.POST)
    # The sheet's undo step posts ``back=sheet``: a refusal is shown on the sheet.
    back = "scoring:sheet" if request.POST.get("back") == "sheet" else None
    if not form.is_valid():
        messages.error(request, gettext("Say why the deal is voided."))
        if back:
            return redirect(back, match_id=match.pk)
        return redirect("scoring:deal-correct", match_id=match.pk, number=number)
    try:
        services.deal_void(
            match=match,
            number=number,
            base_version=form.cleaned_data["base_version"],
            reason=form.cleaned_data["reason"],
            by=request.user,
        )
    except (InputRejected, DomainError) as exc:
        for error in error_list(exc):
            messages.error(request, error["message"])
        if back:
            return redirect(back, match_id=match.pk)
        return redirect("scoring:deal-correct", match_id=match.pk, number=number)
    messages.success(
        request,
        gettext("%(entry)s %(number)s voided.")
        % {"entry": entry_word(match), "number": number},
    )
    _say_if_reopened(request, match, was_finished)
    return redirect("scoring:sheet", match_id=match.pk)


def say_if_finished(request: HttpRequest, match: Match) -> None:
    """Tell the table that the deal just counted finished ``match`` (as the
    service left it) by itself."""
    if match.status == MatchStatus.FINISHED:
        messages.success(
            request, gettext("The match is finished: its rules decided it.")
        )


def _say_if_reopened(request: HttpRequest, match: Match, was_finished: bool) -> None:
    match.refresh_from_db(fields=["status"])
    if was_finished and match.is_open:
        messages.warning(
            request,
            gettext(
                "The corrected sheet no longer decides the match (or a later "
                "deal is flagged): the match is open again. Play on or fix "
                "it: the deal that decides it finishes it again."
            ),
        )


_VERSION = re.compile(r"[0-9]{1,9}")
"""A deal's version as a form posts it (a database integer, ASCII digits)."""


@login_required
@require_POST
def deal_confirm(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """Double entry: confirm a deal someone of the other side entered.

    Who: a seated player of another side than the enterer, member of the club (the
    service decides; refusals are shown on the sheet). Others who may not read the
    match: 404.
    """
    match = match_or_404(request, match_id)
    version_text = request.POST.get("base_version") or "0"
    try:
        if not _VERSION.fullmatch(version_text):
            raise DomainError(
                "invalid", gettext("base_version: a whole number"), "base_version"
            )
        services.deal_confirm(
            match=match,
            number=number,
            base_version=int(version_text),
            by=request.user,
        )
    except (InputRejected, DomainError) as exc:
        for error in error_list(exc):
            messages.error(request, error["message"])
    else:
        messages.success(
            request,
            gettext("%(entry)s %(number)s confirmed.")
            % {"entry": entry_word(match), "number": number},
        )
        match.refresh_from_db(fields=["status"])
        say_if_finished(request, match)
    return redirect("scoring:sheet", match_id=match.pk)
