from django.db import migrations

RECRUITERS = "Recruiters"


def create_group(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.get_or_create(name=RECRUITERS)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=RECRUITERS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
