"""The sheet as a table and as CSV (plain data in, no database)."""

from __future__ import annotations

import csv
import io

from scoring.export import chart_series, sheet_csv, sheet_table


def sheet(game="sleazy", rows=None, totals=(30, 50)):
    return {
        "game": game,
        "sides": [{"label": "Anna"}, {"label": "=Bo"}],
        "rows": rows
        if rows is not None
        else [
            {"number": 1, "status": "counted", "points": [40, 10], "totals": [40, 10]},
            {"number": 2, "status": "voided", "points": None, "totals": None},
            {
                "number": 3,
                "status": "flagged",
                "points": None,
                "totals": None,
                "errors": [{"path": "teams.0", "code": "x", "message": "too low"}],
            },
            {"number": 4, "status": "counted", "points": [-10, 40], "totals": [30, 50]},
        ],
        "totals": list(totals),
    }


def test_sleazy_keeps_the_cumulative_difference():
    table = sheet_table(sheet())
    assert table.show_difference
    assert [r.difference for r in table.rows] == [30, None, None, -20]
    assert table.difference == -20


def test_other_games_do_not():
    table = sheet_table(sheet(game="tuppi"))
    assert not table.show_difference
    assert table.rows[0].difference is None


def test_chart_series_skips_deals_that_do_not_count():
    totals, labels = chart_series(sheet_table(sheet()))
    assert totals == [[40, 10], [30, 50]]
    assert labels == ["1", "4"]


def test_csv_rows_statuses_errors_and_formula_guard():
    text = sheet_csv(sheet_table(sheet()), header=["Sleazy #1"])
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["Sleazy #1"]
    assert rows[2][:7] == [
        "deal",
        "status",
        "Anna points",
        "Anna total",
        "'=Bo points",
        "'=Bo total",
        "difference",
    ]
    assert rows[3][:7] == ["1", "counted", "40", "40", "10", "10", "30"]
    assert rows[4][:2] == ["2", "voided"]
    # the message, not the API key of its field
    assert rows[5][1] == "flagged" and rows[5][8] == "too low"
    assert rows[-1] == ["total", "", "", "30", "", "50", "-20"]


def test_empty_sheet():
    table = sheet_table(sheet(rows=[], totals=(0, 0)))
    assert sheet_csv(table).splitlines()[-1] == "total,,,0,,0,0"
