"""The dart games of the book's Part X (``001_b57793035adc3f64.txt`` l.3540–3661):
the Finnish dartboard §57.3, Tuomas's Round the Clock §58, Kangaroo §59, Merirosvo
§60 and Killeri §61, on the board and turn of :mod:`games.engine.darts`."""

from games.rules.darts import (  # noqa: F401  (registers the games)
    finnish_dartboard,
    kangaroo,
    killeri,
    merirosvo,
    round_the_clock,
)
