"""A bank question suits several levels (`levels`, a list; empty: every level) instead of one `level` (0007 drops it).

A question stored for one level keeps that level. The seeded Sales questions that presume a selling career
(a quota, a last sales manager, deals won and lost, results) are kept for mid-level and senior sellers, and
the Sales bank gets questions a junior or a student can answer from school, a club or a first job: a junior
practising for Sales was asked "How did you build and manage your pipeline to hit your number last year?".
"""

from django.db import migrations, models

EXPERIENCED = ["mid", "senior", "staff", "manager"]
# Seeded Sales questions that only an experienced seller can answer.
FOR_SELLERS = (
    "Tell me about yourself and what you've been selling.",
    "How would your last manager describe the way you sell?",
    "Walk me through a deal you're proud of, from first contact to signature.",
    "Tell me about a deal you lost. What happened, and what did you change afterwards?",
    "How did you build and manage your pipeline to hit your number last year?",
    "Is there anything about your results we haven't covered?",
)
# (stage, text, competency, tags) for juniors and students.
FOR_JUNIORS = (
    ("self_intro", "Tell me about yourself and what brings you to sales.", "communication",
     ["opener", "background"]),
    ("self_intro", "When have you talked someone into trying something new, at school, in a club or at work?",
     "communication", ["influence"]),
    ("past_experience", "Tell me about a time you persuaded someone to say yes to something. What did you do, and "
     "how did it go?", "discovery", ["opener", "project"]),
    ("past_experience", "Tell me about a time you heard no and kept going. What did you try next?", "resilience",
     ["failure"]),
    ("closing", "What would you like to ask about how new people learn to sell here?", "",
     ["questions", "candidate_questions"]),
)


def forwards(apps, schema_editor):
    Question = apps.get_model("interviews", "Question")
    for question in Question.objects.exclude(level=""):
        question.levels = [question.level]
        question.save(update_fields=["levels"])
    for question in Question.objects.filter(role__slug="sales", text__in=FOR_SELLERS):
        if question.levels:
            continue  # a recruiter's choice stands
        question.levels = EXPERIENCED
        question.save(update_fields=["levels"])
    Role = apps.get_model("interviews", "Role")
    role = Role.objects.filter(slug="sales").first()
    if role is None:
        return
    for stage, text, competency, tags in FOR_JUNIORS:
        Question.objects.get_or_create(role=role, stage=stage, text=text,
                                       defaults={"competency": competency, "tags": tags, "levels": ["junior"]})


def backwards(apps, schema_editor):
    Question = apps.get_model("interviews", "Question")
    Question.objects.filter(role__slug="sales", text__in=[text for _, text, _, _ in FOR_JUNIORS]).delete()
    for question in Question.objects.all():
        if not question.levels:
            continue
        question.level = question.levels[0] if len(question.levels) == 1 else ""
        question.save(update_fields=["level"])


class Migration(migrations.Migration):
    dependencies = [("interviews", "0005_question_bank_tags")]
    operations = [
        migrations.AddField(
            model_name="question",
            name="levels",
            field=models.JSONField(
                blank=True, default=list,
                help_text="The levels it suits (a question can suit several); empty: every level.",
            ),
        ),
        migrations.RunPython(forwards, backwards),
    ]
