"""Setup tests: uploads land in a temporary media root; real documents come from tests/fixtures."""

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
RESUMES = FIXTURES / "resumes"
JOB_DESCRIPTIONS = FIXTURES / "job_descriptions"


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    root = tmp_path / "media"
    root.mkdir()
    settings.MEDIA_ROOT = root
    settings.TAVILY_API_KEY = None
    settings.OPENAI_API_KEY = None
    return root


@pytest.fixture
def software_engineer(db):
    from interviews.models import Role

    return Role.objects.get(slug="software-engineer")


def stored_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()]


@pytest.fixture
def setup_form(software_engineer):
    """Valid form data for alice's interview; override any field."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    def make(resume=None, resume_name="resume.pdf", **overrides):
        if resume is None:
            resume = (RESUMES / "resume_word_generated_accountant.pdf").read_bytes()
        data = {
            "role": software_engineer.pk,
            "level": "senior",
            "plan": software_engineer.plan_id,
            "resume": SimpleUploadedFile(resume_name, resume),
            "job_description": (JOB_DESCRIPTIONS / "jd_software_engineer_backend.txt").read_text(),
            "company": "",
            "consent": "on",
            "keep_role": "on",  # the Software Engineer role with every posting (tests/.../test_posting_role.py asks)
        }
        data.update(overrides)
        return {k: v for k, v in data.items() if v is not None}

    return make
from tests.fakes.fixtures import fake_openai, fake_tavily  # noqa: F401, E402 - fixtures for these tests
