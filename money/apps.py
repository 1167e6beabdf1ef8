from django.apps import AppConfig


class MoneyConfig(AppConfig):
    name = "money"
    verbose_name = "Money"

    def ready(self) -> None:
        from money import portability, tasks  # noqa: F401  (tasks: registers them)

        portability.register()  # a club's export holds its ledger
