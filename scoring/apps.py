from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Score book"

    def ready(self) -> None:
        from scoring import money_admin, money_tasks  # noqa: F401  (registers them)
