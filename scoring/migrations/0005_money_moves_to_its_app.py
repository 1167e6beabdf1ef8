"""The money models move to the money app (issue 13): removed from the score
book's state only; money.0001 adds them to its own over the same tables."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0004_ratings"),
    ]

    operations = [
        # State only: the tables stay where they are (money's models keep their
        # db_table), so moving the models changes no row.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="matchterms",
                    name="match",
                ),
                migrations.RemoveField(
                    model_name="prizeterms",
                    name="club",
                ),
                migrations.RemoveField(
                    model_name="prizeterms",
                    name="updated_by",
                ),
                migrations.RemoveField(
                    model_name="session",
                    name="club",
                ),
                migrations.RemoveField(
                    model_name="session",
                    name="created_by",
                ),
                migrations.RemoveField(
                    model_name="sessionmatch",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="sessionmatch",
                    name="match",
                ),
                migrations.RemoveField(
                    model_name="settlementrecord",
                    name="club",
                ),
                migrations.DeleteModel(
                    name="LedgerEntry",
                ),
                migrations.DeleteModel(
                    name="MatchTerms",
                ),
                migrations.DeleteModel(
                    name="PrizeTerms",
                ),
                migrations.DeleteModel(
                    name="Session",
                ),
                migrations.DeleteModel(
                    name="SessionMatch",
                ),
                migrations.DeleteModel(
                    name="SettlementRecord",
                ),
            ],
            database_operations=[],
        ),
    ]
