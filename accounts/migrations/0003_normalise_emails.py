"""Store every email in its normalised form (accounts.emails.normalize_email); stop on collisions."""

from django.db import migrations

from accounts.emails import collision_report, plan_normalisation


def normalise(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    changes, collisions = plan_normalisation(User.objects.values_list("pk", "email"))
    if collisions:
        raise RuntimeError(collision_report(collisions))
    for pk, email in changes:
        User.objects.filter(pk=pk).update(email=email)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_recruiters_group")]

    operations = [migrations.RunPython(normalise, migrations.RunPython.noop)]
