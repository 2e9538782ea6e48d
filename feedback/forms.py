"""The one-answer practice form: a question from a role's bank or the candidate's own, and an answer."""

from __future__ import annotations

from typing import cast

from django import forms

from feedback.practice import PRACTICE_ANSWER_MAX_CHARS, PRACTICE_QUESTION_MAX_CHARS
from interviews.models import Document, Question


def bank_choices() -> list:
    """Active roles' active interview questions, grouped by role, for a <select> with one <optgroup> per role.

    A question naming no competency (the welcome check-in, the closing's "anything to ask?") is conversation:
    the report scores none of them, so there is no answer to practise."""
    groups: dict[str, list[tuple[str, str]]] = {}
    questions = (
        Question.objects.filter(active=True, role__active=True).exclude(competency="")
        .select_related("role").order_by("role__title", "stage", "id")
    )
    for question in questions:
        text = fill_placeholders(question.text, question.role.title)
        groups.setdefault(question.role.title, []).append((str(question.pk), text))
    return [("", "Choose a question…")] + list(groups.items())


def fill_placeholders(text: str, role_title: str) -> str:
    """Bank texts may say {role} and {company}; outside an interview there is no company to name."""
    return text.replace("{role}", role_title).replace("{company}", "the company")


class PracticeForm(forms.Form):
    bank_question = forms.ChoiceField(label="A question from a role's bank", required=False)
    own_question = forms.CharField(
        label="Or your own question",
        required=False,
        max_length=PRACTICE_QUESTION_MAX_CHARS,
        widget=forms.TextInput(attrs={"placeholder": "e.g. Tell me about a time you missed a deadline."}),
    )
    job = forms.ChoiceField(
        label="Score it against one of your job postings (optional)",
        required=False,
        help_text="An answer that names the job's own work is credited for it; an introduction or a 'why this role' "
        "answer that names none of it is told so.",
    )
    answer = forms.CharField(
        label="Your answer",
        max_length=PRACTICE_ANSWER_MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 9, "placeholder": "Type or paste your answer as you would say it."}),
        help_text="Scored the same way as the answers in your interview reports.",
    )

    def __init__(self, *args, postings: list[Document] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["bank_question"]).choices = bank_choices()
        self.postings = {str(doc.pk): doc for doc in postings or []}
        cast(forms.ChoiceField, self.fields["job"]).choices = [("", "No posting")] + [
            (pk, _posting_label(doc)) for pk, doc in self.postings.items()
        ]
        if not self.postings:
            del self.fields["job"]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        own = (data.get("own_question") or "").strip()
        chosen = data.get("bank_question")
        if own and chosen:
            raise forms.ValidationError("Choose a question from the bank or write your own, not both.")
        if not own and not chosen:
            raise forms.ValidationError("Choose a question from the bank or write your own.")
        if chosen:
            question = Question.objects.select_related("role").filter(pk=chosen, active=True).first()
            if question is None:
                raise forms.ValidationError("That question is no longer in the bank; choose another.")
            data["question_text"] = fill_placeholders(question.text, question.role.title)
            data["question_stage"] = question.stage
        else:
            data["question_text"] = own
            data["question_stage"] = None
        data["posting"] = self.postings.get(data.get("job") or "")
        if not (data.get("answer") or "").strip():
            self.add_error("answer", "Write an answer to score.")
        return data


def _posting_label(doc: Document) -> str:
    title = (doc.facts or {}).get("title") if isinstance(doc.facts, dict) else None
    name = title or doc.original_name or "Pasted posting"
    return f"{name} ({doc.created_at:%d %b %Y})"


class RetakeForm(forms.Form):
    answer = forms.CharField(
        label="Your new answer",
        max_length=PRACTICE_ANSWER_MAX_CHARS,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 9, "placeholder": "Answer the question again, as you would say it."}),
        help_text="Scored the same way as your interview's answer, against the same job.",
        error_messages={"required": "Write an answer to score."},
    )
