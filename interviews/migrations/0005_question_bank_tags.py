"""Opener and topic tags on the seeded question banks, so banks, bridges and follow-ups line up.

The first self-introduction and past-experience questions of each seeded role open their stage
("opener"); closing questions that hand the floor to the candidate are tagged "questions"; every seeded
question gets a topic tag from its wording. A recruiter's own questions (and tags already set) are
left alone.
"""

import re

from django.db import migrations

SEEDED_ROLES = ("software-engineer", "data-scientist", "product-manager", "devops-sre", "product-designer", "sales")

# (pattern over the lower-cased text, topic tag); the first match wins.
TOPICS = [
    (r"about yourself|your background", "background"),
    (r"draws you|interests you about|why this|what made you", "motivation"),
    (r"disagree|conflict|pushed back", "conflict"),
    (r"incident|outage|went wrong|failed|mistake", "failure"),
    (r"bug|debug|root cause", "problem_solving"),
    (r"trade-off|tradeoff|prioriti", "trade_off"),
    (r"decision|decide|chose", "decision"),
    (r"mentor|coach", "mentoring"),
    (r"influenc|convinc|stakeholder", "influence"),
    (r"explain|communicat|present", "communication"),
    (r"improv|performance|reliab|faster", "improvement"),
    (r"learn", "learning"),
    (r"team|collaborat", "teamwork"),
    (r"ask|know about|like to mention|haven't covered", "candidate_questions"),
    (r"design|built|build|owned|project|launch|model|analysis|experiment|system|deal|campaign", "project"),
]


def _topic(text):
    lowered = text.lower()
    for pattern, tag in TOPICS:
        if re.search(pattern, lowered):
            return tag
    return "current_role"


def forwards(apps, schema_editor):
    Question = apps.get_model("interviews", "Question")
    seen_first = set()
    for question in Question.objects.filter(role__slug__in=SEEDED_ROLES).order_by("role_id", "stage", "id"):
        if question.tags:
            continue
        tags = []
        key = (question.role_id, question.stage)
        if question.stage in ("self_intro", "past_experience") and key not in seen_first:
            tags.append("opener")
        seen_first.add(key)
        topic = _topic(question.text)
        if question.stage == "closing" and re.search(r"\bask\b|know about|like to know", question.text.lower()):
            tags.append("questions")
            topic = "candidate_questions"
        tags.append(topic)
        question.tags = tags
        question.save(update_fields=["tags"])


def backwards(apps, schema_editor):
    pass  # the tags are harmless to keep


class Migration(migrations.Migration):
    dependencies = [("interviews", "0004_quick_plan_title")]
    operations = [migrations.RunPython(forwards, backwards)]
