"""Where the scripted interviewer's main questions come from: the resume, the job, the research, the bank.

Each interview gets, where the documents allow: a question on the candidate's strongest resume item,
one on a must-have of the job the resume covers thinly, one built on the company research, and the
bank's questions for the stage and level. Facts are spoken as short phrases taken whole from the
parsed facts ("1,200", never "1"), never the documents' sentences as instructions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby

from agent_worker.core import facts as facts_module
from agent_worker.core.asks import word_stems
from agent_worker.core.bank import BankQuestion, fits_level, level_group
from agent_worker.core.facts.matching import shows_skill
from agent_worker.core.facts.placeholders import is_placeholder
from agent_worker.core.facts.skills import _vocabulary_skills as vocabulary_skills
from agent_worker.core.listening import NUMBER, Reading, read_answer, result_phrase
from agent_worker.core.seeding import pick
from agent_worker.core.tailoring import InterviewContext, safe_phrase
from agent_worker.core.text import normalise, words

__all__ = ["Candidate", "as_second_person", "bank_for", "gap_skill", "gap_skills", "must_have_question",
           "research_question", "resume_questions", "spoken_skill", "strongest_result"]


@dataclass(frozen=True)
class Candidate:
    """A question the interviewer may ask; `source` says where it came from (resume, job, research, bank)."""

    text: str
    competency: str | None
    kind: str = "main"
    source: str = "bank"


SOFT_SKILLS = {"communication", "leadership", "teamwork", "collaboration", "problem solving", "ownership",
               "mentoring", "english", "stakeholder management", "slack", "google workspace", "microsoft office",
               "documentation"}


def spoken_skill(skill: str) -> str:
    """Lower-case a common-noun skill ("Distributed systems", "On-call"); keep names ("Kubernetes", "AWS")."""
    parts = skill.split()
    first = parts[0] if parts else ""
    common = len(parts) > 1 or "-" in first or first.endswith(("ing", "ics", "ity", "ment"))
    if common and first[:1].isupper() and first[1:].replace("-", "").islower() and all(p.islower() for p in parts[1:]):
        return skill.lower()
    return skill


_PAST_VERB_RE = re.compile(r"^(?:[A-Z][a-z]+ed|Led|Built|Ran|Grew|Cut|Drove|Made|Wrote|Won|Shipped|Took|Set|Saved)\b")
# Clause breaks, but never the comma inside a number ("1,200").
_CLAUSE_RE = re.compile(r",(?!\d{3})|;| - | – | — | by (?=[a-z]+ing\b)")


# Resume bullets written in the present ("Implement online booking, decreasing no-shows by 26%"), said in the past.
_PRESENT_VERBS = {
    "lead": "led", "build": "built", "run": "ran", "write": "wrote", "grow": "grew", "drive": "drove",
    "oversee": "oversaw", "make": "made", "win": "won", "teach": "taught", "plan": "planned", "ship": "shipped",
    **{verb: verb + ("d" if verb.endswith("e") else "ed") for verb in (
        "implement", "negotiate", "train", "handle", "manage", "reduce", "increase", "launch", "design", "develop",
        "create", "automate", "streamline", "coordinate", "supervise", "improve", "introduce", "deliver", "save",
        "spearhead", "organize", "organise", "establish", "maintain", "mentor", "prepare", "process", "resolve",
        "analyze", "analyse", "migrate", "own", "overhaul", "direct", "execute", "facilitate",
        "generate", "produce", "recruit", "redesign", "restructure", "standardize", "standardise")},
    "simplify": "simplified", "modernize": "modernized", "modernise": "modernised",
}


def _in_the_past(phrase: str) -> str:
    first, _, rest = phrase.partition(" ")
    past = _PRESENT_VERBS.get(first.lower())
    return f"{past.capitalize()} {rest}".strip() if past and first[:1].isupper() else phrase


def as_second_person(result: str) -> str:
    """Turn a resume result ("Led the migration of 40 services to Kubernetes, ...") into "You led ..."."""
    head = _CLAUSE_RE.split(result.strip())[0].strip(" .")
    head = re.sub(r"\s*\([^)]*\)?$", "", head)
    if len(words(head)) < 3:
        return ""
    phrase = _in_the_past(safe_phrase(head, 80))
    if not phrase or not _PAST_VERB_RE.match(phrase):
        return ""
    return "You " + phrase[0].lower() + phrase[1:]


def _fact(text: str | None, limit: int) -> str:
    """A resume fact fit to be spoken: short, safe, and not a template's placeholder."""
    phrase = safe_phrase(text, limit)
    return "" if not phrase or is_placeholder(phrase) else phrase


def _article(title: str) -> str:
    return "an" if title[:1].lower() in "aeiou" else "a"


def told_already(result: str, said: Sequence[str]) -> bool:
    """Whether the candidate's answers so far already told this resume result: most of its words are in them
    ("online booking and text reminders … no-shows dropped by 26 percent" tells "Implement online appointment
    booking and text message appointment reminders, decreasing no-shows by 26%")."""
    ours = word_stems(result)
    if len(ours) < 3 or not said:
        return False
    shared = ours & word_stems(" ".join(said))
    return len(shared) >= 3 and len(shared) >= 0.4 * len(ours)


def strongest_result(context: InterviewContext, said: Sequence[str] = ()) -> str:
    """The resume result with a measured outcome, spoken as "You ...": the candidate's strongest item not
    yet told in their answers."""
    ranked = sorted(context.resume_facts.results,
                    key=lambda r: (not result_phrase(r), not re.search(NUMBER, r)))
    for result in ranked:
        phrase = as_second_person(result)
        if phrase and not told_already(result, said):
            return phrase
    return ""


@lru_cache(maxsize=1024)
def _skills_in(line: str) -> frozenset[str]:
    """The skills a line of the job names, kept: every main question of a stage asks again of the same lines."""
    return frozenset(vocabulary_skills(line))


def gap_skills(context: InterviewContext) -> list[str]:
    """Skills a must-have (or a duty) of the job names that the resume does not ("on-call", "distributed
    systems"), in the job's order, as said aloud."""
    job, resume = context.job_requirements, context.resume_facts
    have = {s.lower() for s in resume.skills}
    # Each item a line of its own: a skill's words in another form are read within one line.
    resume_words = " ".join([*resume.skills, *resume.results, *resume.projects]).lower()
    resume_lines = "\n".join([*resume.skills, *(p.describe() for p in resume.positions), *resume.results,
                               *resume.projects])
    lines = [*job.must_haves, *job.responsibilities]
    named = [_skills_in(line) for line in lines]

    def had(skill: str) -> bool:
        low = skill.lower()
        return low in have or low in SOFT_SKILLS or low in resume_words or shows_skill(skill, resume_lines) is not None

    located = []
    for skill in job.skills:
        low = skill.lower()
        # Where the job names it, in any of its words ("Nursing" in "Bachelor of Nursing Science Degree").
        position = next((n for n, line in enumerate(lines) if low in line.lower() or skill in named[n]), None)
        if position is not None:
            # Spelled as the job spells it: "regression" in "Strong statistics: regression, …" is no name.
            written = low if re.search(rf"(?<![\w-]){re.escape(low)}(?![\w-])", lines[position]) else skill
            located.append((position, max(lines[position].lower().find(low), 0), written, skill))
    scored = []
    for position, group in groupby(sorted(located), key=lambda item: item[0]):
        for members, alternatives in _chains(lines[position].lower(), list(group)):
            if alternatives:
                # "languages such as Haskell, F#, Elm, … Clojure", "Python or Go": any one of them meets it, and
                # asked about, it is the first two as the job lists them ("Haskell or F#"), never the one that
                # happens to sort first.
                if not any(had(skill) for *_, skill in members):
                    scored.append((position, " or ".join(written for _, _, written, _ in members[:2])))
            else:
                scored.extend((position, written) for _, _, written, skill in members if not had(skill))
    spoken = ([safe_phrase(spoken_skill(part), 30) for part in skill.split(" or ")] for _, skill in scored)
    return list(dict.fromkeys(" or ".join(parts) for parts in spoken if all(parts)))


def gap_skill(context: InterviewContext) -> str:
    """The first of `gap_skills`, or ""."""
    return next(iter(gap_skills(context)), "")


# Skills listed one after another ("Haskell, F#, Elm", "Python or Go"); the list is of alternatives when an "or"
# joins it or it follows "such as" ("languages such as Haskell, F#, …"); "Python, Go and Kubernetes" needs all.
_SEPARATOR = r"(?:,\s*(?:(?:or|and|and/or)\b)?|/|\||\bor\b|\band\b|\band/or\b)"
# (with words the job lists between them that are no skills of ours: "Elixir, ML, OCaml")
_LISTED_RE = re.compile(rf"^\s*{_SEPARATOR}(?:\s*[\w#+.-]{{1,12}}\s*{_SEPARATOR})*\s*$")
_OR_RE = re.compile(r"\bor\b|/")
_OFFERS_RE = re.compile(r"(?:such as|e\.g\.|for example|like|one of|any of|either)[\s:(]*$")


def _chains(line: str, members: list[tuple[int, int, str, str]]) -> list[tuple[list[tuple[int, int, str, str]], bool]]:
    """A line's skills (position, index in the line, as written, skill) in runs listed one after another, each
    with whether it is a list of alternatives."""
    chains: list[tuple[list[tuple[int, int, str, str]], bool]] = []
    run = [members[0]]
    joined_by_or = False

    def close() -> None:
        offered = bool(_OFFERS_RE.search(line[:run[0][1]]))
        chains.append((list(run), len(run) > 1 and (joined_by_or or offered)))

    for item in members[1:]:
        previous = run[-1]
        between = line[previous[1] + len(previous[2]):item[1]]
        if item[1] > previous[1] and _LISTED_RE.match(between):
            joined_by_or = joined_by_or or bool(_OR_RE.search(between))
            run.append(item)
        else:
            close()
            run, joined_by_or = [item], False
    close()
    return chains


def _mentions(text: str, skill: str) -> bool:
    """Whether the candidate's words name the skill ("I was on call" names "on-call"), or one of the skills a
    requirement lists as alternatives ("Haskell or F#")."""
    return any(f" {normalise(part)} " in f" {normalise(text)} " for part in skill.split(" or "))


def _mentioned_part(said: Sequence[str], skill: str) -> str:
    """The alternative of `skill` the candidate named ("Haskell" of "Haskell or F#")."""
    return next((part for part in skill.split(" or ") for answer in said if _mentions(answer, part)), skill)


def _story_told(said: Sequence[str], skill: str, read: Callable[[str], Reading]) -> bool:
    """Whether an answer that names the skill was a story of theirs ("I was on call, so I rolled back …"):
    asking "what decisions did you make there?" after it asks for what they told."""
    return any(_mentions(answer, skill) and read(answer).story for answer in said)


_WISH = re.compile(r"\b(?:learn(?:ing)?|pick(?:ing)?\s+up|get(?:ting)?\s+into|(?:have\s+not|haven['’]t|never|not\s+yet)\s+"
                   r"(?:used|worked\s+with|touched|tried)|new\s+to|no\s+experience\s+(?:with|in))\b", re.I)


def _only_wished_for(answer: str, skill: str) -> bool:
    """Whether each sentence that names the skill only wants it ("I'd like to learn Redshift", "I haven't used
    Go yet"): a mention that is no experience of it."""
    naming = [s for s in re.split(r"(?<=[.!?])\s+", answer) if _mentions(s, skill)]
    return bool(naming) and all(_WISH.search(s) for s in naming)


def must_have_question(context: InterviewContext, level: str, seed: str, competency: str | None,
                       said: Sequence[str] = (), asked: Sequence[str] = (), *,
                       read: Callable[[str], Reading] = read_answer) -> Candidate | None:
    """A question about a skill the job needs and the resume lacks. `said`: the candidate's answers so far,
    in order. A skill their last answer covered is not asked about (the next one is), nor one they told a
    story about earlier, nor one any question asked about already (`asked`: the questions so far; "You mentioned
    Linux earlier, and the job asks for it" after "You mentioned Linux. What's the most interesting problem you've
    solved with Linux?", or "You mentioned GAAP earlier" after "The job asks for GAAP", asks it twice); one they
    only mentioned earlier is asked about as theirs, not as missing. `read`: the interview's one reading of an answer
    (`InterviewState.reading`)."""
    last = said[-1] if said else ""
    skills = [s for s in gap_skills(context) if not _mentions(last, s) and not shows_skill(s, last) and not _story_told(said, s, read)
              and not any(_mentions(question, s) for question in asked)]
    if not skills:
        return None
    skill = skills[0]
    group = level_group(level)
    used = [answer for answer in said if _mentions(answer, skill) and not _only_wished_for(answer, skill)]
    if used:
        ask = {"junior": "What did you do with it, and what would you like to learn next?",
               "senior": "What decisions did you make with it, and what would you change?",
               "mid": "What was your part in that work, and what did you learn?"}[group]
        named = _mentioned_part(used, skill)
        return Candidate(f"You mentioned {named} earlier, and the job asks for it. {ask}", competency, source="job")
    if any(_mentions(answer, skill) for answer in said):
        # "I'd like to learn Redshift" is no experience of it: asked what comes closest, as they said it.
        named = _mentioned_part(said, skill)
        return Candidate(f"You mentioned {named} as something you haven't used yet, and the job asks for it. What "
                         f"have you done that comes closest, and how would you go about learning it?", competency,
                         source="job")
    if group == "junior":
        text = (f"The job asks for {skill}, and your resume says less about it. What have you done that comes "
                f"closest, and how would you learn the rest?")
    elif group == "senior":
        text = (f"The job asks for {skill}, and your resume says less about it. Where have you come closest, "
                f"and what decisions did you make there?")
    else:
        text = (f"The job asks for {skill}, and your resume says less about it. Where have you come closest "
                f"to {skill} work, and what did you do?")
    return Candidate(text, competency, source="job")


_BRIEF_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+")


def research_question(context: InterviewContext, seed: str, competency: str | None) -> Candidate | None:
    """A question built on one sentence of the company research, quoted, when research exists."""
    brief = facts_module.strip_instructions(context.company_brief or "")
    company = context.spoken_company or "the company"
    for sentence in _BRIEF_SENTENCE_RE.split(" ".join(brief.split())):
        sentence = sentence.strip().rstrip(".")
        if not 30 <= len(sentence) <= 150 or "?" in sentence or "http" in sentence:
            continue
        spoken = safe_phrase(sentence, 150)
        if spoken:
            text = pick((
                f"From my notes on {company}: “{spoken}.” How would your experience help with that?",
                f"I read that {spoken[0].lower() + spoken[1:]}. How would you approach that in this role?",
            ), seed, "research")
            return Candidate(text, competency, source="research")
    return None


_MEMBERSHIP_TITLES = frozenset({"member", "volunteer", "participant", "attendee", "delegate", "student"})


def _root(word: str) -> str:
    """A word without the ending that makes the field, the work or the worker of it ("accounting", "accountant",
    "account"; "nursing", "nurse")."""
    root, before = word.lower(), ""
    while root != before and len(root) > 4:  # "engineering" and "engineer" both end at "engin"
        before, root = root, re.sub(r"(?:ing|ants?|ents?|ers?|ors?|e|s)$", "", root)
    return root


_FIELD_WORDS = {"care", "work", "skills", "experience", "practice"}


def _the_job_itself(skill: str, context: InterviewContext) -> bool:
    """Whether a skill is the job's own field ("Accounting" for a Staff Accountant, "Nursing care" for a nurse):
    said back as something "the role leans on", it tells the candidate nothing."""
    title = {_root(w) for w in re.findall(r"[A-Za-z]+", f"{context.role} {context.job_requirements.title or ''}")}
    own = [_root(w) for w in re.findall(r"[A-Za-z]+", skill) if w.lower() not in _FIELD_WORDS]
    return bool(own) and all(w in title for w in own)


def resume_questions(context: InterviewContext, stage: str, seed: str, competency: str | None,
                     said: Sequence[str] = ()) -> list[Candidate]:
    """Questions naming resume items: the current position (self-introduction), results and projects; a
    result the candidate has already told (`said`: their answers so far) is not asked about."""
    resume, job = context.resume_facts, context.job_requirements
    out: list[Candidate] = []
    if stage == "self_intro":
        if resume.positions:
            position = resume.positions[0]
            title = _fact(position.title, 50)
            employer = _fact(position.employer, 40)
            if title and employer and title.lower().split()[-1] in _MEMBERSHIP_TITLES:
                # "Member at Enactus" is a membership, not a job title to say back or to own things in.
                out.append(Candidate(pick((
                    f"Your resume lists your time at {employer}. What's the piece of work there you'd most want me "
                    "to know about?",
                    f"At {employer}, what's one thing you took on yourself, and how did it go?",
                ), seed, "fact", "position"), "communication", source="resume"))
            elif title:
                where = f" at {employer}" if employer else ""
                # "there" is a place: a title with no employer ("Your resume lists R&D engineer.") has none.
                listed = (f"Your resume lists {title}{where}. What's the piece of work there you'd most want me to "
                          "know about?" if employer else
                          f"Your resume lists your role as {title}. What's the piece of work from that role you'd most "
                          "want me to know about?")
                out.append(Candidate(pick((
                    listed,
                    f"As {_article(title)} {title}{where}, what did you own that nobody else did?",
                ), seed, "fact", "position"), "communication", source="resume"))
        shared = [s for s in job.skills if s.lower() in {r.lower() for r in resume.skills}
                  and s.lower() not in SOFT_SKILLS and not _the_job_itself(s, context)]
        skill = safe_phrase(spoken_skill(shared[0]), 30) if shared else ""
        if skill:
            out.append(Candidate(pick((
                f"This role leans on {skill}, which is on your resume too. How did you come to it?",
                f"You list {skill}, and the role needs it. How much of your current work involves it?",
            ), seed, "fact", "skill_intro"), "communication", source="resume"))
    elif stage == "past_experience":
        strongest = strongest_result(context, said)
        if strongest:
            out.append(Candidate(pick((
                f"{strongest}. Walk me through how you approached it.",
                f"{strongest}. What was the hardest decision along the way?",
            ), seed, "fact", "strongest"), competency, source="resume"))
        names = [name for name in (_fact(project, 50) for project in resume.projects)
                 if name and name.lower() not in {"skills", "projects", "experience"}]
        for index, name in enumerate(names[:2]):
            out.append(Candidate(pick((
                f"Your resume mentions {name}. What problem did it solve, and what was your part?",
                f"Tell me about {name}: why it existed and the toughest part of building it.",
            ), seed, "fact", "project", index), competency, source="resume"))
        for result in resume.results[:3]:
            phrase = as_second_person(result)
            if phrase and phrase != strongest and not told_already(result, said):
                out.append(Candidate(f"{phrase}. What would you do differently if you did it again?",
                                     competency, source="resume"))
                break
    return out


def bank_for(bank: list[BankQuestion], stage: str, level: str) -> list[BankQuestion]:
    """The bank's questions for a stage at a level (level-free questions are for every level)."""
    return [q for q in bank if q.stage == stage and fits_level(q.levels, level)]
