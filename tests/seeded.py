"""The rows the data migrations write (the Recruiters group and its permissions, the seeded roles,
plans and question banks), kept through the flushes of transactional tests.

A transactional test (`transaction=True`, `transactional_db`, `live_server`) ends with a flush that
empties every table. Django then re-creates content types and permissions (its post_migrate handlers),
not what our data migrations wrote. Serially that went unseen, because pytest-django runs the
transactional tests after the others; under pytest-xdist a worker runs whole files in any order, and the
files after a flush lost the seeded rows. So the test database's rows are snapshotted once it is
migrated, and put back after every flush (the same post_migrate), for every test alike.
"""

from io import StringIO

from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core import serializers
from django.db import connections, router, transaction
from django.db.migrations.loader import MigrationLoader

# Django's own post_migrate handlers re-create these after a flush, under new ids.
REMADE_AFTER_FLUSH = (ContentType, Permission)


def _migrated_rows(alias: str):
    """Every row of the migrated apps' tables but content types and permissions, by table and id."""
    loader = MigrationLoader(connections[alias])
    for app_config in apps.get_app_configs():
        if app_config.models_module is None or app_config.label not in loader.migrated_apps:
            continue
        for model in app_config.get_models():
            if model in REMADE_AFTER_FLUSH or not router.allow_migrate_model(alias, model):
                continue
            yield from model._base_manager.using(alias).order_by(model._meta.pk.name).iterator()


def snapshot(alias: str = "default") -> str:
    """The database's rows as JSON; references to permissions by name (their ids change with a flush)."""
    out = StringIO()
    serializers.serialize("json", _migrated_rows(alias), stream=out, use_natural_foreign_keys=True)
    return out.getvalue()


def restore(data: str, alias: str = "default") -> None:
    """Write a snapshot's rows back, with their ids, into the flushed database."""
    with transaction.atomic(using=alias):
        for row in serializers.deserialize("json", data, using=alias):
            row.save(using=alias)


def last_app_with_models():
    """The app whose post_migrate signal comes last: by then content types and permissions are back."""
    return [config for config in apps.get_app_configs() if config.models_module is not None][-1]
