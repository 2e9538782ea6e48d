"""The seeded closing questions ("what would you like to ask…", "anything we haven't covered?") hand
the floor to the candidate: they target no competency, so the candidate's own questions are never
scored as answers. Only the seeded roles' rows are changed; a recruiter's own questions are left alone.
"""

from django.db import migrations

SEEDED_ROLES = ("software-engineer", "data-scientist", "product-manager", "devops-sre", "product-designer", "sales")


def forwards(apps, schema_editor):
    Question = apps.get_model("interviews", "Question")
    Question.objects.filter(role__slug__in=SEEDED_ROLES, stage="closing").update(competency="")


class Migration(migrations.Migration):
    dependencies = [("interviews", "0002_seed_roles_and_plans")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
