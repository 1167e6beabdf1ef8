"""Kirjuri's rules engine (pure Python) and its Django face (catalogue API, models).

Import the engine through :mod:`games.engine`; the Django parts live in ``apps``,
``models``, ``api`` and ``management`` and are the only modules here that know Django.
"""
