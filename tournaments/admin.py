"""Read-mostly admin for tournaments: writes belong to :mod:`tournaments.services`."""

from django.contrib import admin

from tournaments.models import Entry, Round, Stage, Standings, Table, Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "game", "visibility", "status", "created_at"]
    list_filter = ["visibility", "status", "game"]
    search_fields = ["name"]
    readonly_fields = ["standings_generation", "created_by", "created_at"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "seed", "withdrawn_at"]
    search_fields = ["name"]


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "order", "format"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["stage", "number", "status", "generated_at"]
    list_filter = ["status"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "match"]
    raw_id_fields = ["match"]


@admin.register(Standings)
class StandingsAdmin(admin.ModelAdmin):
    list_display = ["tournament", "generation", "computed_at"]
    readonly_fields = ["generation", "source_version", "computed_at", "stages"]
