from django.apps import AppConfig


class MoneyConfig(AppConfig):
    name = "money"
    verbose_name = "Money"

    def ready(self) -> None:
        from money import tasks  # noqa: F401  (registers the tasks and their aliases)
