"""``runserver`` for the embedded default (``make run``): a club night's backlog.

Django's development server listens with a backlog of 10 connections; when 32 phones
submit their deals at the same moment the rest are reset before a thread ever sees
them. This is the same command (WhiteNoise's, without Django's static handler) with a
server that queues up to ``RUNSERVER_BACKLOG`` (default 128) connections.
"""

from __future__ import annotations

import os

from django.core.servers.basehttp import WSGIServer
from whitenoise.runserver_nostatic.management.commands.runserver import (
    Command as WhiteNoiseRunserver,
)


class ClubNightServer(WSGIServer):
    request_queue_size = int(os.environ.get("RUNSERVER_BACKLOG", "128"))


class Command(WhiteNoiseRunserver):
    server_cls = ClubNightServer
