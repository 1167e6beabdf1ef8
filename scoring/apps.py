from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Score book"

    def ready(self) -> None:
        from scoring.portability import tables

        tables.register()  # first: the tournaments' and money's rows point at these
