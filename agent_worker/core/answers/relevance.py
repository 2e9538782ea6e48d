"""How much an answer speaks to its question: the question's words, and the words its subject brings along
("a conflict" -> "disagreed", "pushback", "compromise"); and the words of work."""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_worker.core.reading.answer import read
from agent_worker.core.reading.tokens import Span, content_stems, stem

__all__ = ["ASKS", "TOPIC_STEMS", "WORK_WORDS", "Ask", "asked_for", "back_to_the_ask_line", "example_of", "misses_the_ask",
           "relevance", "speaks_to_the_ask"]

# Words an on-topic answer uses even when it repeats none of the question's words.
_TOPICS = [
    ("bug debug crash error incident outage fail", "bug debug crash error fail defect issue leak cause trace log fix timeout broke incident outage alert rollback"),
    ("conflict disagre argu tension", "conflict disagre argu tension pushback disput agree compromis differ meeting option"),
    ("persuad convinc influenc stakeholder mind", "persuad convinc influenc agree propos stakeholder data numbers showed call"),
    ("lead led mentor authority manag", "lead led mentor coach team manag ran organi propos pair review plan engineer "
     "apprentic junior trainee taught teach"),
    ("fail mistak wrong", "fail mistak wrong error learn estimat late miss assum"),
    ("deadlin pressure tight", "deadlin late week day schedul early deliver submit priorit plan"),
    ("custom client user stakeholder", "custom client user call complain support contract renew"),
    ("data statist number metric", "data query sql metric number analys statist chart model test result decision"),
    ("perform fast slow speed latenc reliab", "perform fast slow latenc speed load second minute cache profil measur time"),
    ("cost budget spend money", "cost spend bill budget saving cheap money cloud resourc"),
    ("process improv effici", "process improv manual automat step workflow script time faster"),
    ("design system architect trade decision technic", "design architect system servic component trade scal chose choose instead because decision"),
    ("learn technolog new", "learn tutori course read new studi documen practic"),
    ("feedback critic review", "feedback review told criticis survey chang"),
    ("priorit compet request", "priorit urgent import first deadlin request manager agreed backlog kanban order rank"),
    ("qualiti bug test", "qualiti bug test review defect report"),
    ("initiat proactiv", "initiat noticed nobody volunteer propos own start"),
    ("collabor team teamwork", "team colleag together pair design meeting engineer"),
    ("weakness improv", "weakness improv working struggl used chang"),
    ("scal traffic growth", "scal traffic load peak queue worker grow"),
    ("code chang maintain readab", "code test function modul refactor review readab name"),
    ("explain communic present", "explain chart told show simple audienc decision"),
]
TOPIC_STEMS = [({stem(w) for w in keys.split()}, {stem(w) for w in words.split()}) for keys, words in _TOPICS]


def relevance(question: str | None, answer: str, *, ignore: frozenset[str] = frozenset()) -> float:
    """How much of the question the answer speaks to: 0 (nothing in common) to 1.

    `ignore`: stems that count for nothing on either side (words any workplace answer uses, such as "team")."""
    asked = content_stems(question or "") - ignore
    if not asked:
        return 1.0
    said = content_stems(answer) - ignore
    related = set(asked)
    for keys, words in TOPIC_STEMS:
        if asked & keys:
            related |= words
    hits = said & (related - ignore)
    return min(1.0, len(hits) / 3)


# Words of work: a sentence with one of them is about work.
WORK_WORDS = re.compile(
    r"\b(?:teams?|projects?|customers?|clients?|code|managers?|colleagues?|company|job|users?|data|systems?|services?|"
    r"releases?|deadlines?|products?|engineers?|reports?|meetings?|stakeholders?|process(?:es)?|bugs?|features?|launch|"
    r"migrations?|api|databases?|budgets?|sales|support|design|reviews?|sprints?|roadmap|production|deploy\w*|analysis|"
    r"models?|builds?|tests?|jobs?|billing|invoices?|finance|"
    r"pipeline|servers?|script|app|page|query|queue|office|boss|pods?|on[\s-]call|login|website|orders?|"
    r"contract|deliver\w*|launch\w*|incident|outage|colleagues?|manager|tickets?)\b",
    re.I,
)


# What a question asks for, and what an answer to it must contain (issue 28): a conflict needs a disagreement
# with someone, a failure something that went wrong with their own part in it, a motivation what draws them… A
# well-told story about something else (a process sped up, for "a conflict with a colleague") is a good answer to
# another question: the live interviewer brings the candidate back once, crediting it; the report caps it below
# an ordinary answer to the question asked. One table, read by both (`misses_the_ask`).
@dataclass(frozen=True)
class Ask:
    """One kind of question: `name` (a competency's word), `about` (what was asked, said back: "I was asking
    about a disagreement with someone you worked with"), `again` (how to ask once more), the question's
    wording (`asked`) and what an answer to it must contain (`contains`, any of them)."""

    name: str
    about: str
    again: str
    asked: re.Pattern[str]
    contains: re.Pattern[str]
    # An event (a conflict, a failure, a rush…) is often told by what happened, in words no list holds ("a client's
    # dog slipped his collar"): only a project with a measured change (a rate raised, a cost cut) is taken as another
    # question's answer. A motivation or a strength is no event: any story without it is.
    event: bool = True


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_ONE = "is there one you can tell me about?"
ASKS: tuple[Ask, ...] = (
    Ask("conflict", "a disagreement with someone you worked with", _ONE,
        _rx(r"\b(?:conflicts?|disagree\w*|disagreements?|argument|clash\w*|tension|fell\s+out|difficult\s+(?:colleague|"
            r"co-?worker|manager|teammate|boss)|differen(?:ce|ces)\s+of\s+(?:opinions?|views?))\b"),
        _rx(r"\b(?:disagree\w*|argu\w*|conflict\w*|clash\w*|tension|fell\s+out|annoyed|frustrat\w*|upset|pushed\s+back|"
            r"push\s*back|objected|(?:didn['’]?t|did\s+not|don['’]?t|wouldn['’]?t)\s+(?:agree|accept|want|like|think)|"
            r"(?:i|we)\s+(?:thought|felt|believed)\s+(?:it|he|she|they|we|this|that)\s+should|compromis\w*|"
            r"(?:he|she|they)\s+(?:wanted|insisted|refused)|not\s+happy|tens[ei]|row|fall[\s-]out|talked\s+it\s+(?:over|"
            r"through)|came\s+(?:round|up)|met\s+(?:in\s+the\s+)?(?:middle|halfway)|agreed|"
            r"changed\s+(?:the|his|her|their)\s+(?:order|mind|plan)|held\s+(?:the|off|back)|heated|"
            r"wasn['’]?t\s+(?:fair|keen|happy))\b")),
    Ask("failure", "something that went wrong and your part in it", _ONE,
        _rx(r"\b(?:mistakes?|failures?|you\s+failed|went\s+(?:badly|wrong)|go\s+(?:badly|wrong)|didn['’]?t\s+go\s+(?:to\s+plan|well)|"
            r"your\s+fault|got\s+(?:it|something)\s+wrong|setbacks?|regret)\b"),
        _rx(r"\b(?:mistakes?|my\s+fault|i\s+(?:forgot|missed|misread|rushed|overlooked|underestimated|assumed|"
            r"misjudged|messed|got\s+\w+\s+wrong|was\s+wrong|(?:had\s+)?(?:not|never)\s+(?:checked|tried|asked|tested)|"
            r"(?:didn['’]?t|did\s+not|hadn['’]?t|had\s+not|wasn['’]?t)\b|should\s+have|owned\s+up|realised|realized|"
            r"admitted|apologi[sz]ed|took\s+(?:the\s+)?(?:blame|responsibility))|by\s+mistake|went\s+(?:wrong|badly)|"
            r"fail\w*|broke\w*|expired|outage|incidents?|paged|roll(?:ed)?\s+back|spik\w*|crash\w*|bugs?|"
            r"alerts?|downtime|stopped\s+working|delay\w*|errors?|went\s+down|(?:my|our)\s+error|lesson|"
            r"learn(?:ed|t)\s+(?:that|to|from)|from\s+then\s+on|since\s+then|"
            r"now\s+i\s+(?:always|check|count|make))\b")),
    Ask("motivation", "what draws you to this work", "what would you say?",
        _rx(r"\b(?:what\s+(?:draws|drew|attracts|attracted|motivates|motivated)\s+you|why\s+(?:do|did|would)\s+you\s+"
            r"(?:want|like|choose|apply)|why\s+(?:this|our|a)\s+(?:role|job|company|school|team)|motivat\w+\s+you|"
            r"why\s+(?:are\s+you|you['’]re)\s+interested|what\s+do\s+you\s+(?:most\s+)?(?:enjoy|like|love)\s+"
            r"(?:most\s+)?about\s+(?:this|the|your|working|being))\b"),
        _rx(r"\b(?:i\s+(?:really\s+|genuinely\s+|just\s+|also\s+)?(?:like|love|enjoy|want|care|find|get\s+a\s+(?:lot|kick|buzz))|"
            r"i['’]m\s+(?:drawn|passionate|interested|excited|keen)|draws?\s+me|drew\s+me|attract\w*|appeal\w*|"
            r"motivat\w*|rewarding|satisf\w*|passion\w*|matters\s+to\s+me|what\s+i\s+(?:like|love|enjoy)|"
            r"the\s+reason|that['’]s\s+why|because\s+i|i(?:\s+would|['’]d)\s+like|keep\s+doing|more\s+of)\b"), event=False),
    Ask("strength", "your strength and a time it showed", "what would you say?",
        _rx(r"\b(?:strengths?|what\s+are\s+you\s+(?:best|good)\s+at|best\s+quality|say\s+you\s+do\s+best)\b"),
        _rx(r"\b(?:strengths?|i['’]m\s+(?:very\s+|really\s+|quite\s+)?(?:good|great|strong)\s+at|i\s+am\s+(?:very\s+|really\s+)?"
            r"(?:good|great|strong)\s+at|i(?:\s+would|['’]d)\s+say|i\s+think\s+(?:i['’]m|i\s+am|my)|i['’]m\s+(?:very\s+|really\s+)?"
            r"(?:reliable|organi[sz]ed|calm|patient|careful|thorough|flexible|determined|persistent|good\s+with)|"
            r"people\s+(?:say|tell\s+me|know)|i\s+stay\s+calm|i\s+(?:always|never)\b)"), event=False),
    Ask("teamwork", "working with the people around you", _ONE,
        _rx(r"\b(?:team\s?work|worked\s+(?:with|alongside)\s+(?:colleagues|others|your\s+team|a\s+team)|collaborat\w*|"
            r"helped\s+a\s+(?:colleague|teammate|co-?worker)|a\s+colleague\s+who\s+was\s+struggling|with\s+colleagues|"
            r"part\s+of\s+a\s+team\s+to)\b"),
        _rx(r"\b(?:together|colleagues?|co-?workers?|teammates?|we\s+(?:split|agreed|met|shared|worked|divided|planned|"
            r"decided|took\s+turns)|helped\s+(?:him|her|them|out)|help\s+(?:him|her|them)|with\s+(?:him|her|them)|took\s+over|"
            r"covered\s+(?:for|his|her)|moved\s+across|showed\s+(?:him|her|them)|head\s+of|another\s+\w+|the\s+other\s+\w+|"
            r"pair(?:ed)?\s+up|pitch(?:ed)?\s+in|support(?:ed)?\s+(?:him|her|them)|each\s+other|"
            r"everyone|(?:my|our|the)\s+team|engineers|designers?|nurses|teachers|staff|crew|carers|the\s+others)\b"), event=False),
    Ask("customer", "someone you served who was upset or hard to deal with", _ONE,
        _rx(r"\b(?:(?:difficult|upset|angry|unhappy|rude|demanding|dissatisfied|aggressive)\s+(?:customer|client|patient|guest|"
            r"parent|resident|visitor|caller|member|diner|shopper)s?|complain\w*|an?\s+(?:customer|client|patient|guest)\s+"
            r"complain\w*)\b"),
        _rx(r"\b(?:upset|angry|furious|shout\w*|complain\w*|unhappy|annoyed|rude|cross|frustrat\w*|distress\w*|"
            r"in\s+tears|crying|yell\w*|raised\s+(?:his|her|their)\s+voice|demand\w*|difficult|calm(?:ed)?\s+(?:him|her|them|"
            r"down)|apologi[sz]\w*|listened|threaten\w*|cancel\w*|"
            r"escalat\w*|refund\w*|problem|let\s+them\s+(?:finish|talk)|heard|wrong|errors?|mistakes?|late|broken|"
            r"(?:customer|client|patient|guest|caller|diner|shopper|parent|resident)s?['’]?s?)\b")),
    Ask("pressure", "a time you were under pressure and how you coped", _ONE,
        _rx(r"\b(?:(?<!problem\s)under\s+(?:a\s+lot\s+of\s+)?pressure|stress\w*|overwhelm\w*|tight\s+deadline|busiest|"
            r"short[\s-]staffed|workload\s+gets\s+heavy)\b"),
        # "two nurses down", "we were one short", not "a short script"
        _rx(r"\b(?:busy|busiest|short[\s-]staffed|called\s+in\s+sick|sick|"
            r"(?:two|three|one|a)\s+(?:\w+\s+)?(?:down|short)(?!\s+(?!on|at|in|that|and|for|of|with|so|but)[a-z])|"
            r"rush\w*|pressure|stress\w*|overwhelm\w*|deadline|tight|behind|stack\w*\s+up|full\s+(?:book|house|ward|list)|"
            r"at\s+once|same\s+time|exhaust\w*|hectic|flat\s+out|queue\w*|coped?|calm|panic\w*|"
            r"cut[\s-]?offs?|missed|the\s+people\s+i\s+have|(?:hours?|days?|weeks?)\s+left|left\s+before|urgent\w*|"
            r"last[\s-]minute|early|late|problem|hard|difficult|tricky)\b")),
    Ask("learning", "learning something new for your work", _ONE,
        # learning something new for the work, not "what did you learn from it?" or "what would you like to learn next?"
        _rx(r"\b(?:learn(?:ed|t)?\s+(?:something|a\s+new|\w+\s+new|[\w-]+\s+quickly|quickly|fast|on\s+the\s+job)|"
            r"had\s+to\s+learn|new\s+skill|pick(?:ed)?\s+up\s+(?:a|something)\s+new|get\s+up\s+to\s+speed|"
            r"something\s+new\s+you\s+had\s+to)\b"),
        _rx(r"\b(?:learn\w*|course|training\s+(?:day|course|session)|shadow\w*|practi[sc]\w*|taught\s+myself|stud(?:y|ied)|"
            r"read\s+up|watched|had\s+never|never\s+(?:done|used|cared|worked)|new\s+to\s+me|picked\s+(?:it\s+)?up|"
            r"got\s+the\s+hang|confident|qualif\w*|certificat\w*|tutorials?|documentation|docs|"
            r"worked\s+through|read\s+(?:the|a)\b)\b")),
    Ask("prioritisation", "how you chose what to do first", "how did you decide?",
        _rx(r"\b(?:priorit\w*|what\s+to\s+do\s+first|(?:several|many|lots\s+of|competing|two)\s+(?:urgent\s+)?"
            r"(?:requests|tasks|deadlines|things)|everything\s+is\s+urgent|at\s+once|where\s+to\s+start|more\s+to\s+do\s+than)\b"),
        _rx(r"\b(?:(?:did|do|does|goes|go|went|put|puts|handle\w*|tackle\w*|start\w*\s+with|came|comes)\s+(?:[\w'’-]+\s+)"
            r"{0,4}first|first\s+because|first,|priorit\w*|urgent\w*|blocks?|sort\w*|must\s+be\s+done|needed|bumps?|most\s+important|matters\s+most|before\s+(?:noon|lunch|the|\d)|"
            r"deadline|waiting|what\s+happens\s+if|closed\s+at|(?:then|next|after\s+that)\b|same\s+time|at\s+once|order\s+of|"
            r"could\s+wait|left\s+(?:it|that)\s+(?:for|until)|put\s+\w+\s+(?:off|aside))\b")),
    Ask("safety", "a time safety came first", _ONE,
        _rx(r"\b(?:unsafe|hazard\w*|danger\w*|near[\s-]miss|stop(?:ped)?\s+(?:work|a\s+job)|safety\s+(?:concern|issue|"
            r"risk|problem|incident))\b"),
        _rx(r"\b(?:unsafe|safe\w*|hazard\w*|danger\w*|risk\w*|live|isolat\w*|lock(?:ed)?\s+off|injur\w*|hurt|harm|"
            r"ppe|accident|near[\s-]miss|stopp?(?:ed)?|fire|fall(?:s|en|ing)?\b(?!\s+behind)|fell\b|"
            # a fall or a trip, not pupils falling behind nor trips to the wholesaler
            r"slip\w*|tripp\w*|trip\s+hazards?|report(?:ed)?\s+it)\b")),
    Ask("feedback", "feedback you were given and what you did with it", _ONE,
        _rx(r"\b(?:(?:given|got|received|had|take|took|taking|handle\w*|respond\w*\s+to)\s+(?:some\s+)?(?:critical\s+|"
            r"negative\s+|difficult\s+|tough\s+|honest\s+|constructive\s+)?(?:feedback|criticism)|critici[sz]ed|"
            r"feedback\s+(?:that\s+was|you\s+(?:didn['’]?t|did\s+not))|hard\s+to\s+hear)\b"),
        _rx(r"\b(?:feedback|critici\w*|told\s+me|said\s+(?:i|my|that\s+i)|pointed\s+out|comments?|observations?|"
            r"appraisal|review(?:ed)?\s+(?:me|my)|(?:he|she|they)\s+(?:said|felt|thought|suggested)|on\s+board|"
            r"disappoint\w*|hurt|defensive|took\s+it|asked\s+(?:him|her|them)\s+(?:to|what|for|how))\b")),
    Ask("leadership", "leading the people around you", _ONE,
        _rx(r"\b(?:(?:led|lead|leading|managed|managing|ran|running)\s+(?:a|the|your|my)\s+(?:\w+\s+)?(?:team|crew|"
            r"shift|staff|group|department|ward|kitchen)|as\s+a\s+(?:leader|team\s+leader|supervisor|manager)|"
            r"leadership)\b"),
        _rx(r"\b(?:(?:the|my|our)\s+(?:team|crew|staff|lads|others|group|shift)|everyone|each\s+(?:of\s+them|person|"
            r"one)|(?:got|brought|called)\s+(?:everyone|them|the\s+\w+)\s+together|told\s+(?:them|everyone)|"
            r"delegat\w*|motivat\w*|reassur\w*|support(?:ed)?\s+(?:them|him|her|each)|coach\w*|brief\w*|"
            r"one[\s-]to[\s-]ones?|morale|worried|(?:people|staff|crew|team)\s+(?:were|was|felt)|staff|teams|rotas?|"
            r"split\s+(?:the\s+)?\w+\s+(?:into|between))\b")),
    Ask("explaining", "explaining something complicated so it was understood", _ONE,
        _rx(r"\b(?:explain\w*\s+(?:\w+\s+){0,3}(?:complicated|complex|technical|difficult|hard)|(?:complicated|complex|"
            r"technical|difficult)\s+(?:\w+\s+)?(?:to|for)\s+(?:someone|a\s+\w+|people)|in\s+simple\s+terms)\b"),
        _rx(r"\b(?:explain\w*|drew|drawing|diagram|picture|showed\s+(?:him|her|them)|in\s+(?:simple|plain|their\s+own|"
            r"his\s+own|her\s+own)\s+(?:words|terms|language)|step\s+by\s+step|understand\w*|understood|analogy|"
            r"(?:explain|say|tell)\s+it\s+back|confus\w*|jargon)\b")),
)


def asked_for(question: str | None) -> Ask | None:
    """The kind of question this is by what it asks (a conflict, a failure…), or None when it names none of them."""
    if not question:
        return None
    return next((ask for ask in ASKS if ask.asked.search(question)), None)


# Long enough to hold what the question asks: a thin answer is thin, not about something else.
_ROOM = 25
# A story of what they did ("I moved it onto a shared spreadsheet"): a step in the past.
_DONE = re.compile(r"\b(?:i|we)\s+(?:(?:then|also|first|just|quickly)\s+)?(?:[a-z]+ed|built|wrote|ran|led|made|set|"
                   r"found|took|cut|put|got|drew|sat|gave|kept|went|rang|taught|split|brought|sent|became)\b", re.IGNORECASE)


def misses_the_ask(question: str | None, answer: str) -> Ask | None:
    """The ask a story does not speak to: a substantial answer (25 words or more, something they did) with none of what
    the question asks for in it (`Ask.contains`). None when it speaks to it, is short or no story (pay, a weekend:
    each has its own check), or the question asks for none of them."""
    ask = asked_for(question)
    if ask is None or len(answer.split()) < _ROOM or not _DONE.search(answer):
        return None
    reading = read(answer)
    if ask.contains.search(_without_results(answer, reading.results)):
        return None
    return ask if not ask.event or reading.results else None


# A result told as a change: "went down by half", "from 95 to 130", "up from 12", "cut by 30%".
_CHANGE = re.compile(r"\b(?:from\b.+\bto\b|by\s+(?:about\s+|over\s+|nearly\s+|roughly\s+)?(?:\d|a\s+(?:third|quarter|half)|half)|"
                     r"went\s+(?:up|down)|(?:rose|fell|dropped|doubled|halved|tripled)\b|(?:up|down)\s+from)",
                     re.IGNORECASE)


def _without_results(answer: str, results: tuple[Span, ...]) -> str:
    """The answer with its measured changes blanked out: "delays went down by half" is what changed, not the delay
    or the failure a question asked about."""
    for span in results:
        if _CHANGE.search(span.text):
            answer = answer[:span.start] + " " * (span.end - span.start) + answer[span.end:]
    return answer


def speaks_to_the_ask(question: str | None, answer: str) -> Ask | None:
    """The ask an answer speaks to (it contains what its question asks for), or None."""
    ask = asked_for(question)
    return ask if ask is not None and ask.contains.search(answer) else None


# What a story about something else is an example of, from its words: said back to credit it.
_KINDS = (
    (_rx(r"\b(?:waste|cost\w*|spend\w*|sav(?:e|ed|ing|ings)|£|\$|€|budget|cheaper|fees?)\b"), "cutting costs"),
    (_rx(r"\b(?:faster|quicker|speed\w*|per\s+hour|an\s+hour|a\s+day|minutes|picks|orders\s+an|rate|early|on\s+time|"
         r"(?:was|were)\s+taking|took\s+(?:most|all|hours|days|weeks)|before\s+(?:\d|noon|lunch)|"
         r"schedule)\b"), "speeding something up"),
    (_rx(r"\b(?:grades?|results|scores?|marks|exams?|reading|audit|rating|inspection)\b"), "raising results"),
    (_rx(r"\b(?:trained|training|taught|coached|mentored|guide|teaching\s+sessions?)\b"), "helping people improve"),
    (_rx(r"\b(?:rota|process|system|spreadsheet|checklist|files?|filing|booking|reminders?|sheet|form|log|matrix)\b"),
     "making something run better"),
    (_rx(r"\b(?:customers?|clients?|patients?|guests?|residents?|pupils?|children)\b"), "looking after people"),
)


def example_of(answer: str) -> str:
    """What a story is an example of, in a few words ("cutting costs"), to credit it before asking again."""
    return next((kind for pattern, kind in _KINDS if pattern.search(answer)), "your work")


def back_to_the_ask_line(ask: Ask, answer: str) -> str:
    """Said once when a good answer is about something else: credit it, say what was asked, ask again."""
    return f"That's a clear example of {example_of(answer)}. I was asking about {ask.about}: {ask.again[0].lower()}{ask.again[1:]}"
