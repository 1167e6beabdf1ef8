"""The game catalogue of this installation: which registered games it offers.

The rules live in code (:mod:`games.engine.registry`); this table mirrors the registry
so that admins can switch a game off for new matches and so that matches can refer to
a game that a later version no longer ships (it is then marked retired, never deleted).
"""

from django.db import models
from django.utils.translation import gettext


class CatalogueEntry(models.Model):
    slug = models.SlugField(primary_key=True, max_length=64)
    name = models.CharField(max_length=120)
    source = models.CharField(max_length=200, blank=True)
    summary = models.TextField(blank=True)
    enabled = models.BooleanField(
        default=True, help_text="Offered when a new match is started."
    )
    retired = models.BooleanField(
        default=False, help_text="No longer in the rules engine of this version."
    )
    synced_at = models.DateTimeField()

    class Meta:
        ordering = ["name"]
        verbose_name = "catalogue entry"
        verbose_name_plural = "catalogue"

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """The game's name in the reader's language (``name`` is the engine's
        English, the catalogue's msgid)."""
        return gettext(self.name)
