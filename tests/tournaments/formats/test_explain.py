"""Explanations: every generated table says why, in codes and in words."""

from tournaments.formats import ReasonCode, explain_round
from tournaments.formats.round_robin import round_robin
from tournaments.formats.swiss import SwissEntry, pair_swiss_round


def test_every_swiss_table_has_reasons_and_text_renders():
    entries = [
        SwissEntry(e, 1 if e < 4 else 0, sides=(1 if e % 2 else -1,)) for e in range(7)
    ]
    round_ = pair_swiss_round(entries, round_number=2)
    for table in round_.tables:
        codes = {r.code for r in table.reasons}
        assert codes & {ReasonCode.SCORE_GROUP, ReasonCode.FLOAT_DOWN}
        assert ReasonCode.SIDE_BALANCE in codes
    text = explain_round(round_)
    assert text.startswith("Round 2")
    assert "Not playing: 6" in text and "bye" in text


def test_round_robin_bye_is_explained():
    text = explain_round(round_robin("ABC")[0])
    assert "Odd field" in text
