"""The Quick practice plan is called "Quick practice" everywhere: its length is shown from its stages
(the setup form says "up to N minutes"), so the title no longer carries a second, rounder number.
Only the seeded rows with the old title change; a recruiter's own title is left alone.
"""

from django.db import migrations

OLD, NEW = "Quick practice (about 5 minutes)", "Quick practice"


def forwards(apps, schema_editor):
    apps.get_model("interviews", "StagePlan").objects.filter(name="quick", title=OLD).update(title=NEW)


def backwards(apps, schema_editor):
    apps.get_model("interviews", "StagePlan").objects.filter(name="quick", title=NEW).update(title=OLD)


class Migration(migrations.Migration):
    dependencies = [("interviews", "0003_closing_questions_unscored")]
    operations = [migrations.RunPython(forwards, backwards)]
