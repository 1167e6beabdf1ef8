"""The Skruuvi family (``001_b57793035adc3f64.txt §15–17``): the deal played by the
two teams (:mod:`.deal`), its contract arithmetic (:mod:`.contracts`) and the checks
and scoring the games share (:mod:`.family`). Modern Skruuvi, Klubiskruuvi and
Historical Skruuvi are in ``games/rules/``.
"""
