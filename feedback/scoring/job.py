"""The job an answer is for: the posting's title, duties and must-haves, as words an answer can share.

An answer that speaks to the job's own work ("the licensing and visa steps", "a cohort of nurses") is
specific about this role whatever its phrasing; one that names nothing of it could be given to any
employer. `JobContext` is built once per posting (the report's interview, the practice page's chosen
posting, `score_answers`' "job_description") and read by `assess_answer`, so all three judge alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from agent_worker.core.facts import JobRequirements, extract_job_requirements
from agent_worker.core.reading.lexicon import NUMBER_WORDS, STOPWORDS
from agent_worker.core.reading.tokens import stem
from feedback import textstats

# A sentence names the job's work when it shares at least this many of the posting's words (one shared word
# is often chance: "team", "patients" alone).
SHARED_TO_COUNT = 2
_DUTIES_SHOWN = 2

# Words every posting uses, which say nothing about this job's work.
_POSTING_WORDS = frozenset(
    stem(w)
    for w in (
        "ability able across actively additional also always any apply bachelor based best both build business candidate "
        "clear closely company contribute daily degree demonstrated develop different duties effective effectively "
        "ensure equivalent excellent experience expert familiar familiarity good great help high highly ideal "
        "including join key knowledge least level like looking make manage may minimum must need needed new "
        "opportunity other others own part plus position preferred previous prior proven provide quality related "
        "required requirement responsible responsibilities role roles skill skills solid strong successful support "
        "team teams understanding use using various well within work working world year years you your "
        # plain words that postings' sentences carry beside the work itself
        "along anywhere day done every find first get going hard keep less main matter met next nobody nothing "
        "obvious people right rest serve sure things understand want way week "
        "accord action advanced associate between change check deep define detail during fast field follow hands-on "
        "hire improve individual information intern item lead learn manage management month order organized owner plan run "
        "scoped share stage stat turn update attention "
        # the level and the soft skills every posting names: not the work itself
        "junior mid-level senior professional technical communication english spoken written teamwork"
    ).split() + list(NUMBER_WORDS)
)
# "You're resourceful - you find a way…": a quality of the person the posting lists among its must-haves, not work.
_PERSONA = re.compile(r"(?i)^\s*you(?:['’]re|\s+are|\s+work|\s+have|\s+love|\s+enjoy|\s+thrive)\b")
_SHORT_DUTY = 90
_YOU_WILL = re.compile(r"(?i)^\s*you(?:['’]ll|\s+will)\s+")


@dataclass(frozen=True)
class JobContext:
    """What a posting asks for, for judging whether an answer speaks to it."""

    title: str = ""
    duties: tuple[str, ...] = ()
    must_haves: tuple[str, ...] = ()
    stems: frozenset[str] = field(default=frozenset(), compare=False)

    @classmethod
    def of(cls, *, title: str | None, duties: Iterable[str], must_haves: Iterable[str]) -> JobContext | None:
        """A context, or None when the posting gives nothing to judge by (a title alone is too few words)."""
        duties_t = tuple(d.strip() for d in duties if d and d.strip())
        musts_t = tuple(m.strip() for m in must_haves if m and m.strip() and not _PERSONA.match(m))
        if not duties_t and not musts_t:
            return None
        stems = frozenset(
            s for text in (title or "", *duties_t, *musts_t) for s in _stems(text) if s not in _POSTING_WORDS
        )
        return cls(title=(title or "").strip(), duties=duties_t, must_haves=musts_t, stems=stems)

    @classmethod
    def from_requirements(cls, requirements: JobRequirements, *, role: str | None = None) -> JobContext | None:
        """From a posting's requirements as the setup page read (and the candidate confirmed) them."""
        trusted = requirements.trusted()
        return cls.of(title=trusted.title or role, duties=trusted.responsibilities, must_haves=trusted.must_haves)

    @classmethod
    def from_posting(cls, text: str, *, role: str | None = None) -> JobContext | None:
        """From a posting's text, read with the setup page's parser."""
        return cls.from_requirements(extract_job_requirements(text or ""), role=role)

    def shared_words(self, text: str) -> list[str]:
        """The posting's words this text uses, as it says them, once each, in its order."""
        seen: dict[str, str] = {}
        for word in textstats.words(text):
            key = stem(word)
            if key in self.stems and key not in seen and word.lower() not in STOPWORDS:
                seen[key] = word
        return list(seen.values())

    def names_its_work(self, text: str) -> bool:
        return len(self.shared_words(text)) >= SHARED_TO_COUNT

    def asks_for(self) -> str:
        """What the posting asks, quoted for advice: 'asks you to “prepare monthly journal entries…”' from its
        first short duties (said as the verbs they are), else 'asks for “a registered nurse licence”'."""
        duties = [_YOU_WILL.sub("", d).rstrip(". ") for d in self.duties]
        short = [d for d in duties if len(d) <= _SHORT_DUTY]
        if short:
            return "asks you to " + " and ".join(f"“{_lower_first(d)}”" for d in short[:_DUTIES_SHOWN])
        musts = [m.rstrip(". ") for m in self.must_haves if len(m) <= _SHORT_DUTY] or [m.rstrip(". ") for m in self.must_haves]
        if musts:
            return "asks for " + " and ".join(f"“{_lower_first(m)}”" for m in musts[:_DUTIES_SHOWN])
        return "asks you to " + f"“{_lower_first(duties[0])}”"


def _stems(text: str) -> set[str]:
    return {stem(w) for w in textstats.words(text) if w.lower() not in STOPWORDS and not w[:1].isdigit() and len(w) > 2}


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2].isalpha() and not text[:2].isupper() else text
