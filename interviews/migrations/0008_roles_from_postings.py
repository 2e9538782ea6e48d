"""A role from the job description (issue 31): each interview keeps the job it was for and the competencies it is
scored on, and one role stands for "the posting is the role" for any profession."""

from django.db import migrations, models

POSTING_ROLE = {
    "slug": "from-posting",
    "title": "From my job description (any job)",
    "description": "The interview is built from the job description you add: its duties and requirements become "
    "the questions and the skills you are scored on. For any job: nursing, warehouse, hospitality, teaching, "
    "trades and more.",
    "levels": ["junior", "mid", "senior", "staff", "manager"],
}


def seed_posting_role(apps, schema_editor):
    Role = apps.get_model("interviews", "Role")
    StagePlan = apps.get_model("interviews", "StagePlan")
    plan = StagePlan.objects.filter(name="default", superseded_by__isnull=True).order_by("-version").first()
    if plan is None or Role.objects.filter(slug=POSTING_ROLE["slug"]).exists():
        return
    Role.objects.create(plan=plan, competencies=[], focus_areas=[], **POSTING_ROLE)


def unseed_posting_role(apps, schema_editor):
    apps.get_model("interviews", "Role").objects.filter(slug=POSTING_ROLE["slug"], interviews__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("interviews", "0007_remove_question_level")]
    operations = [
        migrations.AddField(
            model_name="interview", name="job_title",
            field=models.CharField(blank=True, help_text="The job the posting names, read at setup.", max_length=120),
        ),
        migrations.AddField(
            model_name="interview", name="competencies",
            field=models.JSONField(
                blank=True, default=list,
                help_text="What this interview is scored on, frozen at setup: the role's, or the posting's for a "
                "role from the job description."),
        ),
        migrations.RunPython(seed_posting_role, unseed_posting_role),
    ]
