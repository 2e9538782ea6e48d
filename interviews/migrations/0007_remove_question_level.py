"""`Question.level` is gone: `levels` (0006) holds the levels a question suits. A migration of its own: PostgreSQL
will not alter a table in the transaction that just updated its rows."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("interviews", "0006_question_levels")]
    operations = [migrations.RemoveField(model_name="question", name="level")]
