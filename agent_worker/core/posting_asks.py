"""What a candidate's question about the job asks, read generally: the pay, the hours, the holiday, a pension,
training, a licence, the physical demands, who they would work with … each with the words a question asks it in,
the headings of the posting's sections that hold it, and the words of a sentence that answers it.

A posting says these in its own words ("£14.20 per hour" answers "What would I earn?", "28 days holiday" answers
"How much time off do I get?"), so the answer is found by what is asked, not by the words the two share; and when
no sentence of the posting says it, the posting is silent on it ("Is overtime paid?" is not answered by the pay).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["TERMS", "Term", "answered_by", "terms_asked"]


@dataclass(frozen=True)
class Term:
    """One thing a candidate asks about the job's terms."""

    name: str  # said back when the posting is silent: "doesn't say anything about {name}"
    asked: re.Pattern[str]  # how a question asks it
    says: re.Pattern[str]  # what a sentence says when it answers it
    heading: re.Pattern[str] | None = None  # a section whose every sentence is about it ("Physical Requirements")
    # A term of the offer (a perk, the contract): a duty or a requirement that names it does not answer it.
    perk: bool = False
    # Asked of the candidate (a licence, experience): the company's own introduction does not answer it ("The
    # County Clerk's Office … issues marriage licenses").
    required: bool = False
    # Whether a posting that never says it is silent on the question; else another reading answers (the place).
    settled_by_silence: bool = True


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_NUMBER = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty|sixty|ninety)"

# Most specific first: "sick pay" is asked before "pay", "holiday pay" before "holiday"; a question's span taken by
# one term is not read again by a later one.
TERMS: tuple[Term, ...] = (
    Term("sick pay", _re(r"\bsick(?:ness)? (?:pay|leave|days?|time|cover)\b|\bwhen (?:i'?m|i am) (?:ill|sick)\b"),
         _re(r"\bsick(?:ness)?\b"), perk=True),
    Term("overtime", _re(r"\bovertime\b|\bextra (?:hours|shifts)\b"),
         _re(r"\bovertime\b|\btime and a (?:half|quarter)\b|\bdouble time\b|\bextra (?:hours|shifts)\b")),
    Term("when benefits start",
         _re(r"\b(?:benefits?|insurance|coverage|pension|401k|retirement|health|medical|dental)\b[^?]*"
             r"\b(?:start|begin|kick in|eligib\w*|join|available)\b|\bwhen (?:do|does|will|can|would)\b[^?]*"
             r"\b(?:benefits?|insurance|coverage|pension|401k)\b"),
         _re(rf"\b(?:after|from|within|following)\s+(?:the\s+)?{_NUMBER}\s*(?:days?|months?|weeks?)\b|"
             r"\bfrom (?:day one|your first (?:day|paycheck)|the first day|your start date|the start)\b|"
             r"\bfirst of the month\b|\bday one\b|\bfirst day\b"), _re(r"\bbenefits\b"), perk=True),
    Term("holiday", _re(r"\bholidays?\b|\bvacations?\b|\bannual leave\b|\bpto\b|\b(?:paid )?time off\b|\bdays off\b|"
                        r"\bleave\b"),
         # Not the holidays a shift falls on ("including weekends and holidays").
         _re(rf"\b{_NUMBER}\s+(?:\w+\s+)?(?:days?|weeks?)\b[^.;]{{0,20}}\b(?:holidays?|vacation|leave|pto|off)\b|"
             r"\bpaid (?:holidays?|vacation|time off|leave)\b|\bannual leave\b|\bpto\b|\btime off\b|\bdays? off\b|"
             r"\bholiday (?:pay|allowance|entitlement)\b|\bvacations?\b|\b(?:parental|maternity) leave\b|"
             r"\bdays? of (?:holiday|annual leave)\b|\bholidays? (?:a|per) year\b"), perk=True),
    Term("a pension", _re(r"\bpensions?\b|\bretire(?:ment)?\b|\b401k\b|\bsuperannuation\b"),
         _re(r"\bpensions?\b|\bretirement\b|\b401k\b|\bsuperannuation\b"), perk=True),
    Term("health insurance", _re(r"\b(?:health|medical|dental|vision|life) (?:insurance|cover(?:age)?|plan|care)\b|"
                                 r"\binsurance\b|\bhealthcare\b"),
         _re(r"\binsurance\b|\bmedical\b|\b(?:health|dental|vision) (?:cover(?:age)?|plan|care|benefits?)\b|"
             r"\bhealthcare\b"), perk=True),
    Term("a bonus", _re(r"\bbonus(?:es)?\b|\bcommission\b|\bincentives?\b"),
         _re(r"\bbonus(?:es)?\b|\bcommission\b|\bincentives?\b"), perk=True),
    Term("tips", _re(r"\btips\b|\bgratuit\w*\b|\bservice charge\b"),
         _re(r"\btips\b|\bgratuit\w*\b|\bservice charge\b"), perk=True),
    Term("a staff discount", _re(r"\bdiscounts?\b"), _re(r"\bdiscounts?\b|\b\d+\s*%\s*off\b"), perk=True),
    Term("parking", _re(r"\bpark(?:ing)?\b|\bcar park\b"), _re(r"\bparking\b|\bcar park\b"), perk=True),
    Term("a uniform", _re(r"\buniforms?\b|\bworkwear\b|\bdress code\b|\bwhat (?:do|should|would) i wear\b|\bscrubs\b"),
         _re(r"\buniforms?\b|\bworkwear\b|\bdress code\b|\bscrubs\b"), perk=True),
    Term("a company vehicle", _re(r"\b(?:a |the )?(?:van|company car|company vehicle|work vehicle)\b"),
         _re(r"\bvans?\b|\bcompany (?:car|vehicle)\b|\bwork vehicle\b"), perk=True),
    Term("driving", _re(r"\bdriv(?:e|ing|er'?s?)\b|\b(?:own|a) (?:car|transport)\b|\bcar\b"),
         _re(r"\bdriv(?:e|ing|er'?s?)\b|\bown (?:car|vehicle|transport)\b|\breliable transport\w*\b|\bvehicle\b|"
             r"\bcar\b")),
    Term("progression", _re(r"\bprogress(?:ion)?\b|\bpromot\w*\b|\bcareer\b|\badvance(?:ment)?\b|"
                            r"\broom (?:to|for) grow(?:th)?\b|\bgrow (?:with|in)\b|\bmove up\b|\bdevelopment\b"),
         _re(r"\bprogress\w*\b|\bpromot\w*\b|\bcareer\b|\bpath to\b|\badvance\w*\b|\bgrow\w* with\b|"
             r"\b(?:professional|career) development\b|\bstep up\b|\bcpd\b"), perk=True),
    Term("whether the job is permanent",
         _re(r"\bpermanent\b|\btemporary\b|\btemp\b|\bfixed[- ]term\b|\bcontract\b|\bfull[- ]?time\b|"
             r"\bpart[- ]?time\b|\bseasonal\b"),
         _re(r"\bpermanent\b|\btemporary\b|\bfixed[- ]term\b|\bcontract\b|\bfull[- ]?time\b|\bpart[- ]?time\b|"
             r"\bseasonal\b"), perk=True),
    Term("the start date", _re(r"\bwhen (?:would|do|can|could|will) i start\b|\bstart(?:ing)? date\b"),
         _re(r"\bstart(?:ing)? date\b|\bimmediate start\b|\bstart(?:s|ing)? (?:in|on|from)\b")),
    Term("working from home", _re(r"\bremote(?:ly)?\b|\bhybrid\b|\b(?:work|working) from home\b|\bwfh\b|"
                                  r"\bon-?site\b|\bin the office\b"),
         _re(r"\bremote(?:ly)?\b|\bhybrid\b|\bfrom home\b|\bon-?site\b|\bin the office\b|\bin person\b"),
         settled_by_silence=False),
    Term("the physical demands",
         _re(r"\bphysical\w*\b|\blift(?:ing)?\b|\bheavy\b|\bstand(?:ing)?\b|\bon (?:my|your|our) feet\b|"
             r"\bcarry(?:ing)?\b|\bladders?\b|\blofts?\b|\bat height\b|\bclimb\w*\b|\bfit\b"),
         _re(r"\b(?:lift|carry|push|pull|transfer|mov|position)\w*\b[^.]{0,80}?(?:\b\d+\s*(?:lbs?|pounds|kg|kilos)\b|"
             r"\b(?:patients|people|clients|residents)\b)|\bstand(?:ing)?\b[^.]{0,40}\b(?:hours?|shift|most|long)\b|"
             r"\bon (?:your|their) feet\b|\bphysical(?:ly)? (?:demands|requirements|fit|work)\b|"
             r"\bclimb\w*\b[^.]{0,30}\b(?:ladders?|scaffold\w*|stairs)\b|\bcrawl\w*\b|\bat height\b|"
             r"\btight spaces\b|\bbending\b|\bmanual handling\b"),
         _re(r"\bphysical\b|\bworking conditions\b")),
    Term("the hours",
         _re(r"\bschedule\b|\bshifts?\b|\bhours\b(?! of)|\bwhat time\b|\bweekends?\b|\bnights?\b|\bevenings?\b|"
             r"\bmornings?\b|\bdays? a week\b|\brota\b|\bsaturdays?\b|\bsundays?\b|\bpart[- ]time\b"),
         _re(r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b\d+[- ]hour\b|\bhours (?:a|per) week\b|\bhours\b|"
             r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b|\bshifts?\b|\bweekends?\b|"
             r"\bnights\b|\bevenings?\b|\brota\b|\b\d+ on\b|\bdays? a week\b"),
         _re(r"\bschedule\b|\bhours\b|\bshifts?\b|\brota\b")),
    Term("training",
         _re(r"\btrain(?:ing|ed)?\b|\borientation\b|\bpreceptor\w*\b|\binduction\b|\bonboarding\b|\bmentor\w*\b|"
             r"\bsupport for new\b|\bcourse\b|\bcollege\b|\bteach me\b|\blearn\b"),
         _re(r"\btrain(?:ing|ed)?\b|\borientation\b|\bpreceptor\b|\binduction\b|\bshadow\w*\b|\bmentor\w*\b|"
             r"\bbuddy\b|\bcourse\b|\bcollege\b|\bapprenticeship\b|\bsupport you through\b"),
         _re(r"\btraining\b|\bonboarding\b|\binduction\b")),
    Term("experience", _re(r"\bexperience[ds]?\b"), _re(r"\bexperience\b|\bno experience\b"), required=True),
    Term("a licence", _re(r"\blicen[cs]\w*\b|\bcredential\w*\b|\bregistration\b|\bregistered\b"),
         _re(r"\blicen[cs]\w*\b|\bcredential\b|\bregistration\b|\bcertifi\w*\b"), required=True),
    Term("the qualifications needed",
         _re(r"\bqualifi\w*\b|\bcertificates?\b|\bcertifi\w*\b|\bdegree\b|\bdiploma\b|\bgcses?\b"),
         _re(r"\bqualifi\w*\b|\bcertificates?\b|\bcertifi\w*\b|\bdegree\b|\bdiploma\b|\bgcses?\b|\blevel \d\b|"
             r"\blicen[cs]e\b|\bregistration\b|\bcredential\b|\bapprenticeship\b"), required=True),
    Term("who you'd work with",
         _re(r"\bwho (?:would|will|do) (?:i|you) (?:be )?work(?:ing)? (?:with|alongside)\b|\bcolleagues?\b|"
             r"\bwork(?:ing)? alongside\b|\bwho else\b"),
         _re(r"\balongside\b|\bwork(?:ing)? (?:closely )?with\b|\bcolleagues\b|\bteam of\b|"
             r"\b(?:join|part of) (?:our|the|a) [\w\s-]{0,30}\bteam\b|\breport(?:s|ing)? (?:directly )?to\b")),
    Term("the pay",
         # "Is overtime paid?" asks about overtime; "Am I paid while I train?", "How much is it paid?" about the pay.
         _re(r"\b(?:pay(?! for)|salary|salaries|compensation|wages?|earn(?:ing)?s?|hourly rate|rate of pay)\b|"
             r"\bper hour\b|\ban hour\b|\b(?:am i|are we|will i be|would i be|how much|how often|how well) "
             r"(?:\w+ )?(?:\w+ )?paid\b"),
         _re(r"\b(?:salary|compensation|pay range|wages?|per hour|an hour|a year|per annum|hourly)\b|"
             r"[$£€]\s?\d")),
    Term("benefits", _re(r"\bbenefits?\b|\bperks?\b|\bwhat (?:do|does|would) (?:you|the company|they|it) offer\b|"
                         r"\bpackage\b"),
         _re(r"(?!)"), _re(r"\bbenefits?\b|\bperks\b|\bwhat we offer\b|\bwhat you get\b|\bwe offer\b|"
                          r"\brewards?\b|\bpackage\b"), perk=True),
)

_NOT_A_PERK_HEADING = _re(r"\b(?:responsibilit\w*|duties|requirements?|essential|qualifications?|skills|"
                          r"what you(?:'|’)?ll (?:do|be doing)|what you will (?:do|be doing)|about you|the role|role|you will)\b")


_HOW_MANY_RE = re.compile(r"\bhow many\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)


_ABOUT_THE_COMPANY = _re(r"^(?:about (?:us|the company|[A-Z][\w&.-]*)|who we are|(?:company )?overview|"
                         r"full job description|our (?:story|mission))\b")


def terms_asked(question: str) -> list[tuple[Term, str]]:
    """The terms a question asks about, in the order it asks them, each with the question's words for it; a span of the question read by a more specific
    term ("sick pay") is not read again by a broader one ("pay"), and a count is asked of what it counts."""
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, Term, str]] = []
    # "How many people are on the night crew?" asks for a number of people, not about nights: a count is asked
    # about the thing counted.
    counted = _HOW_MANY_RE.search(question)
    for term in TERMS:
        for match in term.asked.finditer(question):
            if any(match.start() < end and start < match.end() for start, end in taken):
                continue
            if counted and not counted.start(1) <= match.start() < counted.end(1):
                continue
            taken.append(match.span())
            if term not in [t for _, t, _ in found]:
                found.append((match.start(), term, match.group(0)))
    return [(term, words) for _, term, words in sorted(found, key=lambda f: f[0])]


def answered_by(term: Term, heading: str, sentence: str) -> tuple[bool, bool, bool]:
    """Whether a posting's sentence (under `heading`) answers what `term` asks: (by what it says, by its section,
    from another term's section: "Stand … for up to 10 hours" under "Physical Requirements" is not the hours)."""
    placed = bool(heading and term.heading and term.heading.search(heading))
    if not term.settled_by_silence and heading.lower() == "location":
        return False, False, False  # the place, read as the setup page reads it
    if term.required and (not heading or _ABOUT_THE_COMPANY.match(heading)):
        return False, False, False
    if term.perk and heading and _NOT_A_PERK_HEADING.search(heading) and not placed:
        return False, False, False
    elsewhere = bool(heading) and not placed and any(
        other.heading.search(heading) for other in TERMS if other.heading and other is not term)
    return bool(term.says.search(sentence)), placed, elsewhere
