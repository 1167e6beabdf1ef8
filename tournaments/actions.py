"""The director's page's actions (the ``action`` field the manage page posts to
``tournaments:act``): one service each, found in :data:`ACTIONS` by name.

Each action reads its fields from the posted form, calls the one service it is
named after (``<noun>_<verb>``, as in :mod:`tournaments.services`) and returns the
message to show, if any. A missing stage, round or entry of the tournament is a
404; a domain error, a missing field or a bad number become a message on the page
(the view does that). A new action: a function here and a line in the table.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404, QueryDict
from django.utils.translation import gettext

from tournaments import seeding, services
from tournaments.formats.registry import FORMATS
from tournaments.formats.spec import setting_fields
from tournaments.models import Entry, GenerationStatus, Round, Stage, Tournament

# (tournament, posted form, acting director) -> the message to show, or None.
Action = Callable[[Tournament, QueryDict, AbstractBaseUser], "str | None"]


def posted_settings(post: QueryDict) -> dict[str, object]:
    """A stage's settings from the new-tournament or add-stage form: the chosen
    format's fields only (named ``<format>.<setting>``; a bare ``<setting>`` is read
    too, for forms posted by scripts). A blank number is left out, a tick box is
    passed on only where it differs from the format's default, a list of metrics as
    its ticked keys in order. The service checks the values against the format."""
    key = post.get("format", "")
    if key not in FORMATS:
        return {}  # the service names the unknown format

    def given(name: str) -> list[str]:
        return post.getlist(f"{key}.{name}") or post.getlist(name)

    settings: dict[str, object] = {}
    shown = bool(post.get(f"{key}._shown"))  # the page's form, not a script
    for field in setting_fields(FORMATS[key].settings):
        values = [v.strip() for v in given(field.name) if v.strip()]
        if field.kind == "tick":
            # An unticked box posts nothing: only the page's form, which marks that
            # it showed the format's boxes, can turn a default of True off.
            ticked = bool(values)
            if ticked != field.default and (ticked or shown):
                settings[field.name] = ticked
        elif field.kind == "metrics":
            keys = [k.strip() for v in values for k in v.split(",") if k.strip()]
            if keys:
                settings[field.name] = keys
        elif values:
            text = values[0]
            numeric = field.kind == "number" or all(
                isinstance(c, int) for c in field.choices
            )
            value = int(text) if numeric else text
            # The page's select always posts: there its default stays unstored, as
            # if not given; a value a script names is stored as given.
            if field.kind == "number" or value != field.default or not shown:
                settings[field.name] = value
    # The add-stage form's older name for a knockout's own standings.
    legacy = [k.strip() for k in post.get("stage_tiebreaks", "").split(",")]
    if any(legacy) and "tiebreaks" not in settings:
        settings["tiebreaks"] = [k for k in legacy if k]
    return settings


def posted_tiebreaks(post: QueryDict) -> list[str] | None:
    """The tournament's tie-break chain: the ticked metrics in their order (or a
    comma-separated ``tiebreaks``); ``None`` for the first format's default."""
    keys = post.getlist("tiebreak") or post.get("tiebreaks", "").split(",")
    chosen = [k.strip() for k in keys if k.strip()]
    return chosen or None


def _stage(tournament: Tournament, pk: str) -> Stage:
    stage = Stage.objects.filter(tournament=tournament, pk=int(pk)).first()
    if stage is None:
        raise Http404("no such stage")
    return stage


def _round(tournament: Tournament, post: QueryDict) -> Round:
    round_ = Round.objects.filter(
        stage__tournament=tournament, pk=int(post["round"])
    ).first()
    if round_ is None:
        raise Http404("no such round")
    return round_


def entries_add(tournament: Tournament, post: QueryDict, by: AbstractBaseUser) -> str:
    added = services.entries_add(
        tournament=tournament, names=post.get("names", ""), by=by
    )
    return gettext("%(count)s entries added") % {"count": len(added)}


def round_generation_request(
    tournament: Tournament, post: QueryDict, by: AbstractBaseUser
) -> str | None:
    """A job, not the search itself: the page follows it (see
    :mod:`tournaments.services.generations`). Run in-process (no Redis), it is
    over by now; a failure is shown in the page's generation box, not twice."""
    stage = _stage(tournament, post["stage"])
    job = services.round_generation_request(stage=stage, by=by)
    job.refresh_from_db()
    if job.status == GenerationStatus.DONE:
        return gettext("Round %(number)s generated") % {"number": job.number}
    if job.status == GenerationStatus.FAILED:
        return None
    return gettext("Generating round %(number)s…") % {"number": job.number}


def stage_add(tournament: Tournament, post: QueryDict, by: AbstractBaseUser) -> str:
    source = (
        _stage(tournament, post["source_stage"]) if post.get("source_stage") else None
    )
    top_n = post.get("source_top_n", "").strip()
    stage = services.stage_add(
        tournament=tournament,
        format=post.get("format", ""),
        settings=posted_settings(post),
        name=post.get("name", ""),
        source_stage=source,
        source_top_n=int(top_n) if top_n else None,
        by=by,
    )
    return gettext("Stage %(name)s added") % {"name": stage.name}


def round_adjust(tournament: Tournament, post: QueryDict, by: AbstractBaseUser) -> None:
    services.round_adjust(
        round=_round(tournament, post), swaps=[(int(post["a"]), int(post["b"]))], by=by
    )


def round_start(tournament: Tournament, post: QueryDict, by: AbstractBaseUser) -> None:
    services.round_start(round=_round(tournament, post), by=by)


def round_lock(tournament: Tournament, post: QueryDict, by: AbstractBaseUser) -> None:
    services.round_lock(round=_round(tournament, post), by=by)


def round_unlock(tournament: Tournament, post: QueryDict, by: AbstractBaseUser) -> None:
    services.round_unlock(round=_round(tournament, post), by=by)


def round_clock_set(
    tournament: Tournament, post: QueryDict, by: AbstractBaseUser
) -> str:
    minutes = post.get("time_limit_minutes", "").strip()
    round_ = services.round_clock_set(
        round=_round(tournament, post),
        minutes=int(minutes) if minutes else None,
        restart=bool(post.get("restart")),
        by=by,
    )
    if round_.time_limit_minutes is None:
        return gettext("Round %(number)s has no time limit") % {"number": round_.number}
    return gettext("Round %(number)s: %(minutes)s minutes") % {
        "number": round_.number,
        "minutes": round_.time_limit_minutes,
    }


def entries_seed_by_rating(
    tournament: Tournament, post: QueryDict, by: AbstractBaseUser
) -> str:
    ordered = seeding.entries_seed_by_rating(tournament=tournament, by=by)
    return gettext("Seeded by rating: %(entries)s") % {
        "entries": ", ".join(e.name for e in ordered)
    }


def entry_withdraw(
    tournament: Tournament, post: QueryDict, by: AbstractBaseUser
) -> None:
    entry = Entry.objects.filter(tournament=tournament, pk=int(post["entry"])).first()
    if entry is None:
        raise Http404("no such entry")
    services.entry_withdraw(entry=entry, reason=post.get("reason", ""), by=by)


def tournament_publish(
    tournament: Tournament, post: QueryDict, by: AbstractBaseUser
) -> None:
    services.tournament_publish(tournament=tournament, by=by)


def tournament_unpublish(
    tournament: Tournament, post: QueryDict, by: AbstractBaseUser
) -> None:
    services.tournament_unpublish(tournament=tournament, by=by)


def tournament_close(
    tournament: Tournament, post: QueryDict, by: AbstractBaseUser
) -> None:
    services.tournament_close(tournament=tournament, by=by)


# The form's action name -> the action (the names the manage page posts).
ACTIONS: dict[str, Action] = {
    "entries": entries_add,
    "generate": round_generation_request,
    "stage": stage_add,
    "swap": round_adjust,
    "start": round_start,
    "lock": round_lock,
    "unlock": round_unlock,
    "clock": round_clock_set,
    "seed_by_rating": entries_seed_by_rating,
    "withdraw": entry_withdraw,
    "publish": tournament_publish,
    "unpublish": tournament_unpublish,
    "close": tournament_close,
}
