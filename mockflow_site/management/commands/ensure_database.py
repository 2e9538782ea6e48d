"""`make run`'s database step: the PostgreSQL database DATABASE_URL names exists before migrations run.

A newcomer who points DATABASE_URL at a database they have not created yet (`.../mockflow`) gets it created,
and one whose server does not answer is told so in a line, instead of a 30-second wait for the pool and a
traceback. SQLite needs nothing: its file is made on first use.
"""

import psycopg
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from psycopg import sql

MAINTENANCE_DATABASE = "postgres"  # every PostgreSQL server has it; `createdb` connects to it too


def _connect(config: dict, dbname: str) -> psycopg.Connection:
    return psycopg.connect(dbname=dbname, host=config.get("HOST") or None, port=config.get("PORT") or None,
                           user=config.get("USER") or None, password=config.get("PASSWORD") or None,
                           connect_timeout=5, autocommit=True)


def _one_line(error: psycopg.Error) -> str:
    """psycopg's message on one line, without its closing punctuation (the sentence goes on after it)."""
    return " ".join(str(error).split()).rstrip(".?")


def _is_missing_database(error: psycopg.OperationalError, name: str) -> bool:
    return f'database "{name}" does not exist' in str(error)


def ensure_database(config: dict) -> str:
    """Create the configured PostgreSQL database if the server lacks it; say what was found or done."""
    if config["ENGINE"] != "django.db.backends.postgresql":
        return f"ok: {config['ENGINE'].rsplit('.', 1)[-1]} ({config['NAME']})"
    name = config["NAME"]
    where = f"{config.get('HOST') or 'localhost'}:{config.get('PORT') or 5432}"
    try:
        _connect(config, name).close()
        return f"ok: database {name} on {where}"
    except psycopg.OperationalError as error:
        if not _is_missing_database(error, name):
            raise CommandError(f"PostgreSQL at {where} (DATABASE_URL) did not answer ({_one_line(error)}). "
                               "Start it, or unset DATABASE_URL to use SQLite in var/.") from None
    try:
        with _connect(config, MAINTENANCE_DATABASE) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.Error as error:
        raise CommandError(f"The database {name} (DATABASE_URL) does not exist on {where}, and creating it failed "
                           f"({_one_line(error)}). Create it (createdb -h {config.get('HOST') or 'localhost'} {name}) "
                           "and run again.") from None
    return f"created: database {name} on {where} (it did not exist)"


class Command(BaseCommand):
    help = "Create the PostgreSQL database DATABASE_URL names if it does not exist yet (make run's database step)."

    def handle(self, *args, **options):
        self.stdout.write(ensure_database(settings.DATABASES["default"]))
