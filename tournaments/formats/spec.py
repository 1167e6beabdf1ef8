"""What a tournament format is, for the registry in :mod:`.registry` (no Django).

Terms
-----
format
    One way of making rounds (round robin, Swiss, knockout …): a :class:`Format`
    object declaring its settings, its round generator, its default tie-break chain
    and what it needs from the game. :data:`tournaments.formats.registry.FORMATS`
    holds one per format; services and selectors ask it, never branch on a name.
settings
    A stage's format settings as the director gives them: a frozen dataclass per
    format (:class:`StageSettings`), each field declared with :func:`setting` —
    its default and its check. Parsing names the offending field in every error
    (``stage_settings.best_of``). The stage stores only what the director gave,
    so a changed default reaches stages that never set it.
stage source
    What a generator may ask of the stored stage (:class:`StageSource`): its field,
    which entries are still active, its history, standings, bracket or groups.
    The database side (:mod:`tournaments.services.generation`) answers lazily, so
    a format pays only for what it reads; a test answers with plain values.

Invariants
----------
* Every error the director can fix is a :class:`~.base.FormatError` with a stable
  code and the path of the field; the services turn it into a 400 unchanged.
* A generator never writes and never reads the database itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self

from games.engine import Game
from games.engine.text import msg
from tournaments.formats.base import Bye, FormatError
from tournaments.formats.base import Round as FormatRound
from tournaments.formats.base import Table as FormatTable
from tournaments.formats.explain import Reason, ReasonCode
from tournaments.formats.groups import Group
from tournaments.formats.knockout import Bracket, BracketState, SeriesResult
from tournaments.ranking import RankingError, Standings, get_metric

# Where a stage's settings sit in a request (the API's and the pages' field name).
SETTINGS_PATH = "stage_settings"

# -- settings -----------------------------------------------------------------------

# A check takes the value and its path and returns the clean value, or raises.
Check = Callable[[Any, str], Any]


def setting(default: Any, check: Check, label: str = "", help: str = "") -> Any:
    """A settings field: its default, the check a given value must pass, and how the
    director's form names it (``label``, a one-line ``help``)."""
    return dataclasses.field(
        default=default, metadata={"check": check, "label": label, "help": help}
    )


@dataclass(frozen=True)
class SettingField:
    """One setting as a form shows it: ``kind`` is ``number``, ``tick``, ``choice``
    or ``metrics`` (an ordered list of standings metrics)."""

    name: str
    label: str
    help: str
    kind: str
    default: Any
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    # The choices as the form offers them, (value, label): the labels in the
    # reader's language are given by the page's reader (tournaments.selectors).
    options: tuple[tuple[Any, str], ...] = ()


def setting_fields(settings: type[StageSettings]) -> tuple[SettingField, ...]:
    """The settings of a format as its form asks for them, in declaration order."""
    described = []
    for f in dataclasses.fields(settings):
        check = f.metadata["check"]
        bounds = getattr(check, "bounds", (None, None))
        choices = tuple(getattr(check, "choices", ()))
        if check is metric_keys:
            kind = "metrics"
        elif choices:
            kind = "choice"
        elif f.default is True or f.default is False:
            kind = "tick"
        else:
            kind = "number"
        described.append(
            SettingField(
                name=f.name,
                label=f.metadata["label"] or f.name.replace("_", " ").capitalize(),
                help=f.metadata["help"],
                kind=kind,
                default=f.default,
                low=bounds[0],
                high=bounds[1],
                choices=choices,
            )
        )
    return tuple(described)


def whole(low: int, high: int, message: str) -> Check:
    """A whole number (not a bool) within ``low…high``."""

    def check(value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise FormatError("invalid", msg("a whole number"), path=path)
        if not low <= value <= high:
            raise FormatError("invalid", message, path=path)
        return value

    check.bounds = (low, high)  # type: ignore[attr-defined]  # for the form
    return check


def boolean() -> Check:
    def check(value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            raise FormatError("invalid", msg("true or false"), path=path)
        return value

    return check


def one_of(*choices: Any) -> Check:
    def check(value: Any, path: str) -> Any:
        if value not in choices:
            raise FormatError(
                "invalid", msg("one of {choices}", choices=list(choices)), path=path
            )
        return value

    check.choices = choices  # type: ignore[attr-defined]  # for the form
    return check


def metric_keys(keys: Any, path: str) -> list[str]:
    """An ordered list of standings metric keys, each known and listed once."""
    if isinstance(keys, str) or not isinstance(keys, Sequence):
        raise FormatError("invalid", msg("a list of standings metrics"), path=path)
    keys = [str(k) for k in keys]
    if not keys:
        raise FormatError("required", msg("choose at least one metric"), path=path)
    if len(set(keys)) != len(keys):
        raise FormatError(
            "duplicate_metric", msg("a metric is listed twice"), path=path
        )
    for i, key in enumerate(keys):
        try:
            get_metric(key)
        except RankingError as error:
            raise FormatError(error.code, error.message, path=f"{path}.{i}") from None
    return keys


@dataclass(frozen=True)
class StageSettings:
    """A format's settings; subclasses declare their fields with :func:`setting`.

    ``required`` names the fields a stage cannot do without (no usable default).
    """

    required: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def parse(cls, given: Mapping[str, Any]) -> tuple[Self, dict[str, Any]]:
        """The typed settings (defaults filled in) and the clean dict of what was
        given, to store. Errors name the field: ``stage_settings.<key>``."""
        fields = {f.name: f for f in dataclasses.fields(cls)}
        clean: dict[str, Any] = {}
        for key, value in given.items():
            path = f"{SETTINGS_PATH}.{key}"
            if key not in fields:
                raise FormatError(
                    "unknown_setting",
                    msg("choose from {fields}", fields=sorted(fields)),
                    path=path,
                )
            clean[key] = fields[key].metadata["check"](value, path)
        for key in cls.required:
            if key not in clean:
                raise FormatError(
                    "required",
                    msg("the {key} setting is required", key=key),
                    path=f"{SETTINGS_PATH}.{key}",
                )
        parsed = cls(**clean)
        parsed.check()
        return parsed, clean

    @classmethod
    def of(cls, stored: Mapping[str, Any] | None) -> Self:
        """The typed settings of a stored stage (checked when it was added)."""
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in (stored or {}).items() if k in names})

    def check(self) -> None:
        """Checks across fields; a subclass raises a FormatError naming one."""


# -- what a generator may ask -------------------------------------------------------


class StageSource(Protocol):
    """A stored stage as a format's generator sees it (answered lazily)."""

    @property
    def settings(self) -> Mapping[str, Any]:
        """The stage's settings as stored (what the director gave)."""
        ...

    @property
    def entry_ids(self) -> list[int]:
        """The stage's field in seed order, fixed at its first round."""
        ...

    def active(self, entry_ids: Sequence[int] | None = None) -> list[int]:
        """Those of ``entry_ids`` (default: the field) not withdrawn, in order."""
        ...

    def names(self) -> dict[int, str]: ...

    def team_sizes(self, entry_ids: Sequence[int]) -> dict[int, int]:
        """Per entry, in the order given, how many players its line-up has."""
        ...

    def history(self) -> list[FormatRound]:
        """The stage's earlier rounds as the core sees them."""
        ...

    def standings(self) -> Standings:
        """The stage's standings computed now from the stored results."""
        ...

    def knockout(self) -> tuple[Bracket, BracketState, dict[str, SeriesResult]]: ...

    def groups(self) -> tuple[Group, ...]: ...

    def seeding_notes(self) -> list[str]:
        """Notes on how the field came from a source stage ranked by group (the
        cross-seeded play-off seeds, ties at a cut); empty otherwise."""
        ...


# -- a format -----------------------------------------------------------------------

# The tie-break chain of a tournament whose director chose none and whose first
# format has no chain of its own.
DEFAULT_TIEBREAKS = ("match_points", "head_to_head", "point_difference")


class Format:
    """One tournament format. Subclasses set the class attributes and
    :meth:`next_round`; :meth:`check_game` and :meth:`stage_metrics` have defaults.
    """

    key: ClassVar[str]
    settings: ClassVar[type[StageSettings]]
    # The tournament's tie-break chain when the director chose none.
    default_tiebreaks: ClassVar[tuple[str, ...]] = DEFAULT_TIEBREAKS
    # Does a bye score (``bye`` points)? A player sitting out a rotation does not.
    scoring_byes: ClassVar[bool] = True
    # Set when the director may not swap seats: (error code, why).
    fixed_seating: ClassVar[tuple[str, str] | None] = None
    # A withdrawn entry forfeits the matches it has not finished (walkovers).
    forfeits_on_withdrawal: ClassVar[bool] = False
    # Ranked group by group too; a later stage takes the top N of each group.
    ranks_by_group: ClassVar[bool] = False
    # Has a bracket (places by bracket, a picture) / boards compared across tables.
    has_bracket: ClassVar[bool] = False
    has_boards: ClassVar[bool] = False
    # In a game that declares individual scoring (``Game.individual_scoring``), rank
    # by ``individual_total`` first unless the director placed it elsewhere.
    individual_total_first: ClassVar[bool] = False

    def check_game(self, game: Game, options: Any, settings: StageSettings) -> None:
        """Raise a FormatError if ``game`` cannot be played in this format with
        ``settings`` (what the format needs from the game). Default: any game."""

    def stage_metrics(
        self, settings: StageSettings, tournament_metrics: tuple[str, ...]
    ) -> tuple[str, ...]:
        """The metrics a stage of this format ranks by (default: the tournament's
        tie-breaks). Cheap: no results are read."""
        return tournament_metrics

    def next_round(self, stage: StageSource, number: int) -> FormatRound:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Format {self.key}>"


def without_withdrawn(planned: FormatRound, active: set[int]) -> FormatRound:
    """Tables with a withdrawn entry give the others a scoring bye."""
    tables, byes = [], [b for b in planned.byes if b.entry in active]
    for table in planned.tables:
        if all(e in active for e in table.entries):
            tables.append(FormatTable(len(tables) + 1, table.sides, table.reasons))
            continue
        for entry in table.entries:
            if entry in active:
                text = msg(
                    "{entry}'s scheduled opponent has withdrawn: a bye", entry=entry
                )
                byes.append(Bye(entry, (Reason(ReasonCode.BYE, text, (entry,)),)))
    return FormatRound(planned.number, tuple(tables), tuple(byes), planned.messages)


def with_messages(planned: FormatRound, messages: Sequence[str]) -> FormatRound:
    """``planned`` with ``messages`` for the director before its own."""
    return FormatRound(
        planned.number, planned.tables, planned.byes, (*messages, *planned.messages)
    )
