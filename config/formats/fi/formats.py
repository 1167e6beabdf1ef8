"""Finnish dates and times as a Finnish club writes them: 25.11.2026 18.30 (the
decimal comma and the rest come from Django's own Finnish formats)."""

SHORT_DATE_FORMAT = "d.m.Y"
SHORT_DATETIME_FORMAT = "d.m.Y H.i"
