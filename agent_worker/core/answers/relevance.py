"""How much an answer speaks to its question: the question's words, and the words its subject brings along
("a conflict" -> "disagreed", "pushback", "compromise"); and the words of work."""

from __future__ import annotations

import re

from agent_worker.core.reading.tokens import content_stems, stem

__all__ = ["TOPIC_STEMS", "WORK_WORDS", "relevance"]

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
