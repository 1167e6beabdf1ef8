from django.contrib import admin

from games.models import CatalogueEntry


@admin.register(CatalogueEntry)
class CatalogueEntryAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "enabled", "retired", "synced_at")
    list_editable = ("enabled",)
    readonly_fields = ("slug", "name", "source", "summary", "retired", "synced_at")
