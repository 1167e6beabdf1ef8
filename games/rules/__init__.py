"""One module per game. Each registers its :class:`games.engine.Game` by slug.

Modules whose names start with an underscore hold code shared by a family of games
(and are not loaded as games).
"""
