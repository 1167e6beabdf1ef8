"""The Celery application.

Configuration is read from Django settings under the ``CELERY_`` namespace. With no
``REDIS_URL`` the settings make every task run in-process (``task_always_eager``), so
the embedded default executes the same task functions without a broker or a worker.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("kirjuri")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
