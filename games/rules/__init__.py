"""One module per game, or one package per family of games (the Canasta family is
:mod:`games.rules.canasta`, whose ``__init__`` imports its games). Each game registers
its :class:`games.engine.Game` by slug.

Modules whose names start with an underscore hold code shared by a family of games
(and are not loaded as games).
"""
