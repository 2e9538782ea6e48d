"""Saying a question again when the candidate asks: the same words when they did not hear it, other
words when they did not follow it (more simply, with an example, the second time), and a one-line
answer when they ask what it means ("Do you mean one region or all of them?").

The plain wordings are keyed by what a question asks (the patterns below cover the question bank, the
resume and job questions and the follow-ups); a question none of them fits keeps its own topic and is
asked more plainly. Whatever the candidate named in the question ("You saved over 30% of the AWS
costs.") is kept: the restatement is about the same thing.
"""

from __future__ import annotations

import re

from agent_worker.core.seeding import pick
from agent_worker.core.text import normalise

__all__ = ["clarification", "restatement"]

_READY = r"\bready\b|get started|shall we start|begin\b"
_INVITATION = r"anything you d like to ask|questions? for me|like to ask|curious about|like to know"
# (pattern on the normalised question, the plain ask, an example of what an answer could cover)
_PLAIN: tuple[tuple[str, str, str], ...] = (
    (_READY, "Are you happy for us to start now?", ""),
    (_INVITATION, "Is there anything you'd like to know about the job, the team or the company?",
     "what a normal week looks like, or how the team works together"),
    (r"about yourself|your background|introduce yourself|how you got to where",
     "Tell me who you are: what you do now, what you did before, and what you'd like to do next.",
     "your current job, one thing you're proud of, and why this role"),
    (r"nobody else did|that nobody else",
     "What was yours alone in that role: something you were responsible for that nobody else did?",
     "an event you ran yourself, or a report only you put together"),
    (r"most want me to know|like me to know",
     "What's one piece of work from there that you're proud of?",
     "something you built, fixed or organised, and how it went"),
    (r"hardest part|toughest|what made it hard|got in your way",
     "What was the most difficult part of that, and how did you deal with it?",
     "a deadline, a problem you had to solve, or a person you had to convince"),
    (r"\bdecision\b|difficult call",
     "What was one important choice you had to make there, and how did you decide?",
     "choosing one tool or plan over another, and what made you pick it"),
    (r"how you approached|step by step|how did you actually|how did you go about",
     "Tell me, step by step, what you did.",
     "what you looked at first, what you changed, and how you checked that it worked"),
    (r"improve.*\bproduct|\bproduct.*improve",
     "Think of an app or a product you use a lot. What would you change about it, and why?",
     "a banking app with a confusing sign-up, and what you'd do about it"),
    (r"asks for .* resume says less|comes? closest",
     "Have you done any of that, even a little? Tell me about the closest thing you've done.",
     "a course, a side project, or a time you helped someone who did it"),
    (r"how did you come to it|how did you get into",
     "How did you start doing it?", "a job that needed it, a course, or a project of your own"),
    (r"how much of your current work",
     "How often do you use it in your job now, and for what?", "every day for reports, or once a month"),
    (r"didn t go to plan|went wrong|mistake|goal you missed",
     "Tell me about a time something went wrong at work, and what you did about it.",
     "a missed deadline, a broken release, or a mix-up with a customer"),
    (r"last month|most of your week|typical week|typical day|day to day|responsible for",
     "What do you spend most of your working time on at the moment?", "the tasks that fill a normal week"),
    (r"which part of that was yours|your own part|yourself as opposed|you personally|your part",
     "What did you do yourself there, apart from the rest of the team?",
     "the piece you planned, wrote or ran on your own"),
    (r"what came of|outcome|what changed|impact|result",
     "How did it turn out? What was different afterwards?",
     "something faster, cheaper, or a problem that stopped happening"),
    (r"why did you|what else did you consider|on the table|why that|what made .* right call",
     "Why did you choose to do it that way? Were there other ways you thought about?",
     "picking one tool over another because it was cheaper or simpler"),
    (r"differently", "If you did it again, what would you change?", "planning more time, or asking for help sooner"),
    (r"learn", "What did you learn from it?", "something you now do differently because of it"),
    (r"trade ?off.*(?:bring others along|buy in|convinc)",
     "What did you have to give up to get it done, and how did you get other people to agree?",
     "doing less so you could finish on time, and how you explained that"),
    (r"trade ?off", "What did you have to give up to get the rest, and why was that worth it?",
     "finishing sooner with fewer features, or spending more to make it safer"),
    (r"bring others along|buy in|influenc|convinc", "How did you get other people to agree with you?",
     "showing a small test first, or talking to each person who doubted it"),
    (r"specific time|particular time|one specific|real example|pick one",
     "Pick one real time it happened and tell me about it: what was going on, and what did you do?",
     "one day or one project, start to finish"),
    (r"proud|accomplishment",
     "Tell me about one piece of work you're proud of, and why.", "something you finished that made a difference"),
    (r"strong", "What are you good at? Tell me one thing, and a time you used it.",
     "explaining things clearly, and when that helped"),
    (r"draws? you|drew you|interested in|interests you|why this|next step|next role|your career|looking for",
     "Why do you want this job, and what do you hope to do next?", "what you'd like to learn or do more of"),
    (r"disagree", "Tell me about a time you didn't agree with someone at work, and what you did.",
     "a colleague who wanted a different plan"),
    (r"urgent|prioriti|focus on",
     "When you have too much to do, how do you decide what to do first?", "a busy week with two deadlines"),
    (r"enjoy", "Which part of your work do you like best, and which least?", ""),
    (r"work with a team|team culture", "What kind of team do you work best in?", ""),
    (r"experience help|approach that in this role",
     "How could what you've done so far help with that here?", "a similar problem you've already handled"),
)
_PATTERNS = tuple((re.compile(p), plain, example) for p, plain, example in _PLAIN)
_APPROACH_RE = re.compile(r"\byour approach to ([\w -]{3,40}?)(?: in a\b| briefly\b|[?.,]|$)", re.IGNORECASE)


# What a one-sentence question is about, said at its start: "On the cert-manager setup, ...".
_ABOUT_RE = re.compile(r"^(?:On|Looking back at|Back to|About|Thinking of) ([^,?]{3,60}), ", re.IGNORECASE)


def _split(question: str) -> tuple[str, str]:
    """The question's lead (what it is about: "You saved over 30% of the AWS costs.") and its ask."""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", " ".join(question.split())) if s.strip()]
    about = _ABOUT_RE.match(sentences[0]) if len(sentences) == 1 else None
    if about:
        ask = sentences[0][about.end():]
        return f"About {about.group(1)}:", ask[0].upper() + ask[1:]
    lead = [s for s in sentences if not s.endswith("?")]
    if len(lead) == len(sentences):
        return " ".join(sentences[:-1]), sentences[-1] if sentences else ""
    return " ".join(lead), " ".join(s for s in sentences if s.endswith("?"))


def _plain(question: str) -> tuple[str, str]:
    """The ask in plain words, and an example of an answer; for a question none of the patterns fits, the
    question itself, put as what is being asked ("What I'm asking is: how would you ...?")."""
    _, ask = _split(question)
    approach = _APPROACH_RE.search(ask)
    if approach:
        return (f"How do you like to go about {approach.group(1).strip()}? What matters most to you when you do it?",
                "how you decide what to work on, and how you check it worked")
    norm = normalise(ask or question)
    for pattern, plain, example in _PATTERNS:
        if pattern.search(norm):
            return plain, example
    if not ask:
        return question, ""
    return f"What I'm asking is: {ask[0].lower() + ask[1:]}", ""


def restatement(question: str, request: str, times: int, seed: str, key: object = "") -> str:
    """The question said again: `request` is what the candidate asked for ("repeat", "rephrase"),
    `times` how often it has been restated already. The same words once when they did not hear it;
    otherwise plainer words, and the second time with an example."""
    level = times + (0 if request == "repeat" else 1)
    if level == 0:
        return f"{pick(('Sure.', 'Of course.'), seed, 'repeat', key)} {question}"
    lead, _ = _split(question)
    plain, example = _plain(question)
    about = f"{lead} " if lead else ""
    if lead.endswith(":"):
        plain = plain[0].lower() + plain[1:]
    if level == 1:
        opener = pick(("Let me put it another way.", "Sure, let me put it differently."), seed, "rephrase", key)
        return f"{opener} {about}{plain}"
    hint = (f" For example: {example}." if example else
            " There's no wrong answer: a few sentences from your own experience are enough.")
    return f"Let me make it simpler. {about}{plain}{hint}"


_ALTERNATIVES_RE = re.compile(r"\bor\b")
_PERMISSION_RE = re.compile(r"^(?:\w+ )*?(?:should i|shall i|can i|could i|may i|is it ok|is it okay|is it fine|"
                            r"is it alright|is it all right|do you want me to|would you like me to)\b")
_MUST_RE = re.compile(r"\b(?:does it (?:have|need) to|has it got to)\b")


def clarification(request: str, question: str, seed: str, key: object = "") -> str:
    """A one-line answer to the candidate's question about the question; then they answer it."""
    norm = normalise(request)
    asked = normalise(question)
    if re.search(_INVITATION, asked):
        return "Anything you're curious about: the role, the team, or how the work gets done here."
    if re.search(_READY, asked):
        return "Just whether you're ready for us to start."
    if _MUST_RE.search(norm):
        return "No, it doesn't have to be. Anything you know well works: pick the example you know best."
    if _ALTERNATIVES_RE.search(norm):
        return pick(("Whichever one you worked on: pick the one you know best, and tell me which it is.",
                     "Either works. Go with the one you know best, and say which one you picked."),
                    seed, "clarify", key)
    if _PERMISSION_RE.search(norm):
        return "Yes, that's fine. Go with whatever gives you a real example you know well."
    return pick(("That works, or anything close to it: pick the example you know best.",
                 "Roughly, yes. Go with the one you know best, and tell me about it."), seed, "clarify", key)
