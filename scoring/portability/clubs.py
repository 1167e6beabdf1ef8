"""A club's export and its import: every row of the club, as JSON, and back.

The export is a JSON document (``format`` ``"kirjuri-club"``, ``version`` 1):

* ``export_id`` — the club's stable id across exports (a uuid5 of its id and
  creation time in the database it lives in, or the id it was imported under), so
  that the same club is not imported twice into one database;
* ``users`` — ``{"id", "username"}`` of every account the rows name (members,
  scorers, who entered or corrected a deal): never a password hash or an e-mail;
* ``tables`` — per model label, in the registry's order (:mod:`.registry`), every
  row's concrete fields by attribute name (``match_id``), many-to-many fields as
  lists of ids. Decimals are strings, times ISO 8601 with microseconds.

The import (:func:`club_import`) writes every row anew in one transaction: new ids,
foreign keys and the ids the apps keep elsewhere remapped, creation times kept,
derived data (standings, settlement trails, ratings) rebuilt by the apps' hooks.
An account is matched by username; a missing one is created without a usable
password (its owner gets in through a new password set by an administrator). A
person's account that already has a player elsewhere is not linked a second time:
the imported player keeps the results without the account.
"""

from __future__ import annotations

import datetime
import decimal
import json
import uuid
from collections.abc import Iterator
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.utils import timezone

from scoring.models import Club, ClubImport
from scoring.portability.registry import (
    AFTER_IMPORT,
    CLUB_TABLES,
    ClubDataError,
    ClubTable,
    Remap,
)

FORMAT = "kirjuri-club"
VERSION = 1
_NAMESPACE = uuid.UUID("0b6f4c52-6f1f-4d43-9a8e-4b1d2a7c1f29")


def json_default(value: Any) -> Any:
    """Decimals as strings (exact), times in full ISO 8601, uuids as strings."""
    if isinstance(value, decimal.Decimal):
        return str(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def club_export_id(club: Club) -> str:
    imported = ClubImport.objects.filter(club=club).first()
    if imported is not None:
        return imported.export_id
    return str(uuid.uuid5(_NAMESPACE, f"{club.pk}:{club.created_at.isoformat()}"))


def _is_user(field: models.Field) -> bool:
    return field.is_relation and field.related_model is get_user_model()


def _plain_many(model: type[models.Model]) -> list[models.ManyToManyField]:
    return [
        f for f in model._meta.many_to_many if f.remote_field.through._meta.auto_created
    ]


def _rows(table: ClubTable, club: Club, users: set[int]) -> Iterator[dict]:
    many = _plain_many(table.model)
    rows = table.rows(club).order_by("pk")
    if many:
        rows = rows.prefetch_related(*(f.name for f in many))
    for obj in rows:
        row = {f.attname: f.value_from_object(obj) for f in obj._meta.concrete_fields}
        for f in obj._meta.concrete_fields:
            if _is_user(f) and row[f.attname] is not None:
                users.add(row[f.attname])
        for f in many:
            row[f.name] = sorted(o.pk for o in getattr(obj, f.name).all())
            if _is_user(f):
                users.update(row[f.name])
        yield row


def club_export(*, club: Club) -> dict[str, Any]:
    """The club's whole data as a JSON-ready document (see the module docstring)."""
    users: set[int] = set()
    tables = {t.label: list(_rows(t, club, users)) for t in CLUB_TABLES}
    accounts = get_user_model().objects.filter(pk__in=users).order_by("pk")
    document = {
        "format": FORMAT,
        "version": VERSION,
        "export_id": club_export_id(club),
        "exported_at": timezone.now(),
        "club_id": club.pk,
        "users": [{"id": u.pk, "username": u.get_username()} for u in accounts],
        "tables": tables,
    }
    # Through the encoder once, so that what is returned is what a file holds.
    return json.loads(json.dumps(document, default=json_default))


def club_export_write(*, club: Club, out: IO[str]) -> None:
    json.dump(club_export(club=club), out, ensure_ascii=False, indent=1)


# -- import ---------------------------------------------------------------------------


def _accounts(users: list[dict]) -> dict[int, Any]:
    User = get_user_model()
    found = {}
    for item in users:
        username = str(item["username"])
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User.objects.create_user(username=username, password=None)
        found[int(item["id"])] = user.pk
    return found


def _value(
    field: models.Field,
    raw: Any,
    table: ClubTable,
    remap: Remap,
    accounts: dict[int, int],
    labels: set[str],
) -> Any:
    if field.is_relation:
        if raw is None:
            return None
        if _is_user(field):
            return accounts.get(int(raw))
        target = field.related_model._meta.label
        return remap.get(target, raw) if target in labels else raw
    if field.attname in table.id_lists:
        return [remap.get(table.id_lists[field.attname], i) for i in raw or []]
    if isinstance(field, (models.DateTimeField, models.DateField, models.DecimalField)):
        return field.to_python(raw)
    return raw


def _write(
    table: ClubTable,
    row: dict,
    remap: Remap,
    accounts: dict[int, int],
    labels: set[str],
) -> None:
    model = table.model
    values, stamps = {}, {}
    for field in model._meta.concrete_fields:
        if field.primary_key or field.attname not in row:
            continue
        value = _value(field, row[field.attname], table, remap, accounts, labels)
        if (
            isinstance(field, models.OneToOneField)
            and _is_user(field)
            and model.objects.filter(**{field.attname: value}).exists()
        ):
            value = None  # that account is already someone's player here
        values[field.attname] = value
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            stamps[field.attname] = value
    obj = model(**values)
    obj.save(force_insert=True)
    if stamps:  # auto_now(_add) set "now" on save: put the exported times back
        model.objects.filter(pk=obj.pk).update(**stamps)
    for field in _plain_many(model):
        target = field.related_model._meta.label
        ids = row.get(field.name) or []
        if _is_user(field):
            ids = [accounts[int(i)] for i in ids if int(i) in accounts]
        elif target in labels:
            ids = [remap.get(target, i) for i in ids]
        getattr(obj, field.name).set(ids)
    remap.add(table.label, row[model._meta.pk.attname], obj.pk)


def club_import_check(data: Any) -> str:
    """The export id of a readable club export, or :class:`ClubDataError`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ClubDataError("not a Kirjuri club export")
    if data.get("version") != VERSION:
        raise ClubDataError(f"export format version {data.get('version')} unknown")
    known = {t.label for t in CLUB_TABLES}
    unknown = set(data.get("tables", {})) - known
    if unknown:
        raise ClubDataError(f"tables unknown here: {', '.join(sorted(unknown))}")
    export_id = str(data.get("export_id") or "")
    if not export_id:
        raise ClubDataError("the export has no export_id")
    previous = ClubImport.objects.filter(export_id=export_id).first()
    if previous is not None:
        raise ClubDataError(
            f"this club was already imported (export {export_id}, "
            f"club {previous.club_id}); nothing imported"
        )
    return export_id


@transaction.atomic
def club_import(*, data: dict[str, Any], by: Any = None) -> Club:
    """Write the club of ``data`` into this database as a new club; returns it."""
    export_id = club_import_check(data)
    labels = {t.label for t in CLUB_TABLES}
    remap = Remap()
    accounts = _accounts(data.get("users", []))
    for table in CLUB_TABLES:
        for row in data["tables"].get(table.label, []):
            if table.rewrite is not None:
                row = table.rewrite(dict(row), remap)
            _write(table, row, remap, accounts, labels)
    club = Club.objects.get(pk=remap.get("scoring.Club", data["club_id"]))
    ClubImport.objects.create(export_id=export_id, club=club, by=by)
    for hook in AFTER_IMPORT:
        hook(club)
    return club
