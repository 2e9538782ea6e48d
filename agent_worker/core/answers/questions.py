"""Which rubric a question calls for, from its wording: a story, a proposal, an approach, a self-introduction,
motivation, a closing, anything else. The interview stage only breaks a tie the wording leaves open.
"""

from __future__ import annotations

import re

STORY, INTRO, MOTIVATION, CLOSING, GENERAL = "story", "introduction", "motivation", "closing", "general"
# "Which product would you improve, and how?", "How would you design…", "What would you do if…": hypothetical by design.
PROPOSAL = "proposal"
# "What's your approach to product management?", "How do you prioritise…", "How would you handle…": how they work.
APPROACH = "approach"
QUESTION_TYPES = (STORY, PROPOSAL, APPROACH, INTRO, MOTIVATION, CLOSING, GENERAL)
TYPE_LABELS = {
    STORY: "a story question",
    INTRO: "an introduction",
    MOTIVATION: "a motivation question",
    CLOSING: "a closing question",
    GENERAL: "a general question",
    APPROACH: "an approach question",
    PROPOSAL: "a what-would-you-do question",
}

_CLOSING_Q = re.compile(
    r"\b(?:any\s+questions|questions?\s+for\s+(?:me|us)|like\s+to\s+ask|want\s+to\s+ask|anything\s+(?:else|about\s+your)|"
    r"haven['’]t\s+covered|anything\s+we\s+(?:missed|haven['’]t))\b",
    re.I,
)
_MOTIVATION_Q = re.compile(
    r"\b(?:why\s+(?:do\s+you\s+want|are\s+you\s+(?:interested|applying|looking)|this\s+(?:role|company|job|position|team)|"
    r"here|us|our\s+company|join)|what\s+(?:draws|attracts|interests|excites|motivates)\s+you|motivat\w*|"
    r"what\s+made\s+you\s+(?:interested|apply|want)|(?:drew|brought)\s+you\s+to\s+(?:this|our|the)\s+(?:role|position|job|company|team))\b",
    re.I,
)
_INTRO_Q = re.compile(
    r"\b(?:about\s+yourself|introduce\s+yourself|"
    r"walk\s+me\s+through\s+your\s+(?:background|resume|cv|career)|about\s+your\s+background)\b",
    re.I,
)
_STORY_Q = re.compile(
    r"\b(?:tell\s+me\s+about\s+(?:a|an|the|one|your\s+(?:biggest|hardest|proudest|most))\b|describe\s+(?:a|an|the)\b|"
    r"give\s+(?:me\s+)?an\s+example|walk\s+me\s+through\s+(?:a|an|the|how\s+you)\b|have\s+you\s+ever|"
    r"share\s+an?\s+(?:example|story|time)|talk\s+(?:me\s+)?(?:through|about)\s+a\s+time|a\s+time\s+(?:when\s+)?you|"
    r"what(?:\s+(?:was|is|has\s+been)|['’]s(?:\s+been)?)\s+the\s+(?:hardest|biggest|most|toughest)|(?:specific|concrete|real)\s+example|"
    r"an\s+example\s+of|where\s+were\s+you|what\s+happened|(?:specific|one|a)\s+time\b|what\s+did\s+you\s+do|"
    r"what\s+difference\s+did|what\s+changed|what\s+was\s+the\s+(?:result|outcome|impact)|"
    # what the candidate did, asked in the past: "what did you own…", "what problem did it solve, and what was your part?"
    r"(?:what|how|which|where|why)\b[^?]{0,40}?\bdid\s+you\s+(?!come\s+to\b)\w+|what\s+was\s+your\s+(?:part|role|contribution)|"
    # a piece of their own work to tell: "What's the piece of work there you'd most want me to know about?"
    r"(?:piece\s+of\s+work|project|thing\s+you['’]ve\s+(?:built|done|made))\b[^?]{0,30}\byou['’]d\s+(?:most\s+)?(?:want|like)\s+me\s+to\s+know|"
    r"tell\s+me\s+about\s+(?:something|someone|somebody)\s+(?:that|who|you)\b|"
    r"problem\s+did\s+it\s+solve|do\s+differently\s+if\s+you\s+did|keep\s+(?:yourself|going|your\s+\w+\s+up)\b[^?]*\bthrough)",
    re.I,
)

# Asks what they would do, choose or design: "Which product would you improve?", "How would you prioritise…?",
# "What would you do if a key customer threatened to leave?". Not "what would you do differently" (a look back at
# a story), "how would you describe your approach" (an approach), "what would you like to ask" or "bring".
_PROPOSAL_Q = re.compile(
    r"\b(?:how|what|which|where|who|when|why)\b[^?]{0,60}?\bwould\s+you\s+(?:first\s+|then\s+)?(?:improve|change|design|"
    r"build|do|prioriti[sz]e|measure|handle|approach(?!\s+to\b)|fix|add|launch|choose|pick|cut|redesign|go\s+about|structure|"
    r"set\s+up|decide|plan|start|test|price|sell|pitch|respond|say\s+to|make|remove|scale|reduce|increase|grow|spend|"
    r"rank|know|tackle|solve|organi[sz]e|introduce|implement|deal|win|keep|save|turn|evaluate|validate|roll\s+out|"
    r"split|architect|model|store|rebuild|replace|recommend|propose|suggest)\b(?!\s+differently)|"
    r"\bwhat\s+would\s+you\s+do\s+(?:if|when|about|first|in)\b|\bif\s+you\s+(?:were|had|joined|could|owned|ran|took\s+over)\b|"
    r"\b(?:imagine|suppose)\b|\bhow\s+(?:should|could)\s+(?:we|you|a|an|the)\b|\bdesign\s+(?:a|an)\b",
    re.I,
)
# "If you did it again, what would you change?": a look back at their story, not a proposal.
_LOOK_BACK_Q = re.compile(r"(?i)\b(?:if\s+you\s+(?:did|could\s+do)\s+it\s+(?:again|over)|next\s+time|differently|"
                          r"looking\s+back|in\s+hindsight|with\s+hindsight)\b")

# "What did you learn from that, and what would you do differently now?": a look back at the story just told, answered
# with the lesson and what they would change ("Next time I'd start three months earlier"), not with another story.
_LOOKING_BACK_ONLY = re.compile(
    r"(?i)^(?!.*\b(?:tell\s+me\s+about|describe|a\s+time|an?\s+example|walk\s+me\s+through)\b)"
    r"(?=.*\b(?:what\s+did\s+you\s+learn|would\s+you\s+do\s+differently|would\s+you\s+change|looking\s+back|"
    r"in\s+hindsight)\b)")

# Motivating someone else is a story or an approach about them, not what drives the candidate: "Tell me about a time
# you motivated someone", "How do you keep students motivated?" (a fitness instructor's, a music teacher's question).
MOTIVATING_OTHERS = re.compile(
    r"\bmotivat\w*\s+(?:someone|somebody|others|other\s+people|people|them|him|her|a|an|the|your\s+(?!self\b)|my|"
    r"their)\b|\b(?:students|pupils|learners|players|staff|members|clients|people|others|them|everyone|(?:the|your|a)\s+"
    r"(?:team|class|group|squad))\s+(?:\w+\s+)?motivated\b",
    re.I,
)
# "How do you keep yourself motivated through a run of lost deals?" asks how they got through it, not why this job.
_RESILIENCE_Q = re.compile(r"\bmotivated\s+(?:through|when|after|during)\b", re.I)


# How they work, as a rule: "What's your approach to…", "How do you prioritise…", "What do you do when…", and the
# situational "How would you handle / deal with / approach…" (how they would work, not what they would build).
_APPROACH_WORDING = re.compile(
    r"(?i)\bhow\s+do\s+you\s+(?!feel\b|see\s+yourself\b|know\s+(?:about|of)\b|think\s+(?:about|of)\s+(?:us|our|this|the\s+company)\b)"
    r"|\b(?:your|my)\s+(?:approach|philosophy|style|process|method|routine|system|way\s+of\s+working)\b|\bapproach\s+to\b"
    r"|\byour\s+(?:[\w-]+\s+){1,3}?(?:approach|philosophy|style|method)\b"  # "your classroom management style"
    r"|\bwhat\s+do\s+you\s+do\s+(?:when|if|first|to|about|with)\b"
)
# "How would you handle an angry customer?": how they would work through a situation, not a thing to build or change.
_SITUATIONAL_APPROACH = re.compile(
    r"(?i)\bhow\s+would\s+you\s+(?:handle|deal\s+with|respond\s+to|approach(?!\s+to\b)|react|cope)\b"
)


def _proposal_wording(text: str) -> bool:
    """Asks what they would do, choose or design. "Walk me through how you would design…" asks for a design, not
    for a time they did it; "what would you do differently" looks back at a story."""
    return bool(_PROPOSAL_Q.search(text) and not _LOOK_BACK_Q.search(text)
                and not _STORY_Q.search(re.sub(r"(?i)\bwalk\s+me\s+through\s+how\s+you\b", "", text)))


def _approach_wording(text: str) -> bool:
    return bool((_APPROACH_WORDING.search(text) or _SITUATIONAL_APPROACH.search(text))
                and not _LOOK_BACK_Q.search(text) and not _STORY_Q.search(text))


def looks_back(question: str | None) -> bool:
    """Asks what they learned or would change about the story just told ("What did you learn from that, and what
    would you do differently now?"), not for another story: a story question whose answer may be the lesson alone."""
    return bool(_LOOKING_BACK_ONLY.search(question or ""))


def question_type(question: str | None, stage: str | None = None) -> str:
    """Which rubric fits: from the question's wording, with the stage as a tie-breaker.

    The closing stage decides only for a question its wording leaves open: "How would you handle a patient who
    refuses their medication?" asked late is still a what-would-you-do question, "Anything else you'd like to
    add?" a closing one."""
    text = question or ""
    asks_how = _proposal_wording(text) or _approach_wording(text)
    if _CLOSING_Q.search(text) or (stage == "closing" and not _STORY_Q.search(text) and not asks_how):
        return CLOSING
    if _MOTIVATION_Q.search(text) and not _RESILIENCE_Q.search(text) and not MOTIVATING_OTHERS.search(text):
        return MOTIVATION
    if _INTRO_Q.search(text):
        return INTRO
    if _approach_wording(text) and _SITUATIONAL_APPROACH.search(text):
        return APPROACH
    if _proposal_wording(text):
        return PROPOSAL
    if _approach_wording(text):
        return APPROACH
    if _STORY_Q.search(text):
        return STORY
    return GENERAL
