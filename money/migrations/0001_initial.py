"""The money app takes over the money models of the score book (issue 13)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


_MODELS = [
    "session",
    "sessionmatch",
    "matchterms",
    "ledgerentry",
    "settlementrecord",
    "prizeterms",
]


def _move_content_types(apps, source: str, target: str) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    content_type.objects.filter(app_label=source, model__in=_MODELS).update(
        app_label=target
    )


def _content_types_to_money(apps, schema_editor) -> None:
    _move_content_types(apps, "scoring", "money")


def _content_types_to_scoring(apps, schema_editor) -> None:
    _move_content_types(apps, "money", "scoring")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('scoring', '0005_money_moves_to_its_app'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # State only: the tables were made by scoring.0002 and keep their names
        # (db_table), so an existing database keeps every row and a fresh one gets
        # them from scoring's migrations.
        migrations.SeparateDatabaseAndState(
            state_operations=[
        migrations.CreateModel(
            name='MatchTerms',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('team_mode', models.CharField(choices=[('per_member', 'each member pays/receives the full amount'), ('split', "the team's amount is split between its members")], default='per_member', max_length=16)),
                ('flat_stake', models.DecimalField(blank=True, decimal_places=4, max_digits=12, null=True)),
                ('match', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='money_terms', to='scoring.match')),
            ],
            options={
                'verbose_name_plural': 'match terms',
                'db_table': 'scoring_matchterms',
            },
        ),
        migrations.CreateModel(
            name='PrizeTerms',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('tournament_id', models.BigIntegerField(unique=True)),
                ('structure', models.JSONField()),
                ('house_fee', models.JSONField(blank=True, null=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.club')),
                ('updated_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name_plural': 'prize terms',
                'db_table': 'scoring_prizeterms',
            },
        ),
        migrations.CreateModel(
            name='Session',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120)),
                ('currency', models.CharField(max_length=3)),
                ('point_value', models.DecimalField(blank=True, decimal_places=4, max_digits=12, null=True)),
                ('team_mode', models.CharField(choices=[('per_member', 'each member pays/receives the full amount'), ('split', "the team's amount is split between its members")], default='per_member', max_length=16)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='money_sessions', to='scoring.club')),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'db_table': 'scoring_session',
                'ordering': ['-created_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='SessionMatch',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('added_at', models.DateTimeField(auto_now_add=True)),
                ('match', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='money_session_link', to='scoring.match')),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='links', to='money.session')),
            ],
            options={
                'db_table': 'scoring_sessionmatch',
                'ordering': ['session', 'match__started_at', 'match_id'],
            },
        ),
        migrations.CreateModel(
            name='LedgerEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('source_kind', models.CharField(choices=[('match', 'match'), ('session', 'session'), ('tournament', 'tournament')], max_length=16)),
                ('source_id', models.BigIntegerField()),
                ('kind', models.CharField(choices=[('settlement', 'settlement'), ('payment', 'transfer paid'), ('entry_fee', 'entry fee'), ('house_fee', 'house fee'), ('prize', 'prize')], max_length=16)),
                ('line', models.CharField(max_length=120)),
                ('debit_kind', models.CharField(choices=[('player', 'player'), ('pot', 'pot'), ('house', 'house'), ('prize_pool', 'prize pool')], max_length=16)),
                ('credit_kind', models.CharField(choices=[('player', 'player'), ('pot', 'pot'), ('house', 'house'), ('prize_pool', 'prize pool')], max_length=16)),
                ('amount', models.BigIntegerField(help_text='minor units of the currency')),
                ('currency', models.CharField(max_length=3)),
                ('memo', models.CharField(blank=True, max_length=255)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='ledger_entries', to='scoring.club')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('credit_player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.player')),
                ('deal', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.deal')),
                ('debit_player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.player')),
                ('match', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='ledger_entries', to='scoring.match')),
                ('reverses', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='reversed_by', to='money.ledgerentry')),
                ('session', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='money.session')),
            ],
            options={
                'verbose_name_plural': 'ledger entries',
                'db_table': 'scoring_ledgerentry',
                'ordering': ['id'],
                'indexes': [models.Index(fields=['source_kind', 'source_id'], name='scoring_led_source__a5432c_idx')],
                'constraints': [models.CheckConstraint(condition=models.Q(('amount__gt', 0)), name='scoring_ledger_amount_positive'), models.CheckConstraint(condition=models.Q(models.Q(models.Q(('debit_kind', 'player'), ('debit_player__isnull', False)), models.Q(models.Q(('debit_kind', 'player'), _negated=True), ('debit_player__isnull', True)), _connector='OR'), models.Q(models.Q(('credit_kind', 'player'), ('credit_player__isnull', False)), models.Q(models.Q(('credit_kind', 'player'), _negated=True), ('credit_player__isnull', True)), _connector='OR')), name='scoring_ledger_player_accounts_name_a_player')],
            },
        ),
        migrations.CreateModel(
            name='SettlementRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('source_kind', models.CharField(choices=[('match', 'match'), ('session', 'session'), ('tournament', 'tournament')], max_length=16)),
                ('source_id', models.BigIntegerField()),
                ('currency', models.CharField(blank=True, max_length=3)),
                ('status', models.CharField(choices=[('settled', 'settled'), ('refused', 'refused (see errors)')], default='settled', max_length=16)),
                ('errors', models.JSONField(blank=True, default=list)),
                ('trail', models.JSONField(blank=True, default=list)),
                ('generation', models.BigIntegerField(default=0)),
                ('computed_at', models.DateTimeField(blank=True, null=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='settlement_records', to='scoring.club')),
            ],
            options={
                'db_table': 'scoring_settlementrecord',
                'constraints': [models.UniqueConstraint(fields=('source_kind', 'source_id'), name='scoring_settlement_once_per_source')],
            },
        ),
            ],
            database_operations=[],
        ),
        # Admin log entries and permissions follow the models to their app.
        migrations.RunPython(_content_types_to_money, _content_types_to_scoring),
    ]
