from django.apps import AppConfig


class MoneyConfig(AppConfig):
    name = "money"
    verbose_name = "Money"

    def ready(self) -> None:
        # tasks registers the Celery tasks; receivers answers the score book's signals
        from money import portability, receivers, tasks  # noqa: F401

        portability.register()  # a club's export holds its ledger
