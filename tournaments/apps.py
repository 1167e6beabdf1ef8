from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from scoring.permissions import match_overseer_register
        from scoring.table_links import table_closer_register
        from tournaments import portability
        from tournaments.permissions import oversees_match, table_link_closed

        portability.register()  # a club's export holds its tournaments
        # The score book asks who oversees a match and whether its table is closed.
        match_overseer_register(oversees_match)
        table_closer_register(table_link_closed)
