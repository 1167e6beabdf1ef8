"""Pure pairing, seating and bracket generators for tournaments (no Django).

Frozen dataclasses in, frozen dataclasses out. See ``docs/tournament-formats.md`` for
the director's view and each module's docstring for its invariants.
"""
