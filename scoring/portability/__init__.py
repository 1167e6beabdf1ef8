"""Data portability: backups aside (scoring.backups), a club's export and import,
a person's export and erasure. See docs/security.md, "Backups, exports and erasure".
"""

from scoring.portability.clubs import (
    club_export,
    club_export_id,
    club_export_write,
    club_import,
    club_import_check,
)
from scoring.portability.erasure import erased_name, person_erase
from scoring.portability.people import person_export
from scoring.portability.registry import (
    ClubDataError,
    ClubTable,
    Remap,
    club_import_hook_register,
    club_table_register,
    person_eraser_register,
    person_section_register,
)

__all__ = [
    "ClubDataError",
    "ClubTable",
    "Remap",
    "club_export",
    "club_export_id",
    "club_export_write",
    "club_import",
    "club_import_check",
    "club_import_hook_register",
    "club_table_register",
    "erased_name",
    "person_erase",
    "person_eraser_register",
    "person_export",
    "person_section_register",
]
