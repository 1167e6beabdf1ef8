"""English dates as the score book has always printed them (ISO: 2026-11-25)."""

SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
