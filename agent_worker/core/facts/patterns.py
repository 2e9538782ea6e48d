"""Patterns shared by the resume and job readers: dates, title and employer words, places, degrees."""

from __future__ import annotations

import re

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|fall|autumn|winter|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|month)\.?"
)
_YEAR = r"(?:19[5-9]\d|20[0-9Xx]{2})"
_DATE = rf"(?:{_YEAR}-[01]\d-[0-3]\d|{_MONTH}\s*,?\s*{_YEAR}|\d{{1,2}}\s*[/.]\s*{_YEAR}|{_YEAR}\s*[/.年-]\s*\d{{1,2}}月?|{_YEAR})"
_END = (
    r"(?:present|current(?:ly)?|now|today|ongoing|to date|date|actualidad|presente|hoy|至今|现在|"
    r"heute|jetzt|aktuell|aujourd'hui|pr[ée]sent|en cours|actuel|heden|nu|huidig)"
)
# A template's unfilled dates ("year–year", "año–año") still mark where an entry starts.
_PLACEHOLDER_YEAR = r"(?:year|año|yyyy)"
_RANGE_RE = re.compile(
    rf"(?<![\w/])(?:(?P<start>{_DATE})\s*(?:-|–|—|‒|−|~|to|until|hasta|a|至)\s*(?P<end>{_DATE}|{_END})|"
    rf"(?P<pstart>{_PLACEHOLDER_YEAR})[-–—](?P<pend>{_PLACEHOLDER_YEAR}))(?![\w/])",
    re.IGNORECASE,
)
_TITLE_WORDS = re.compile(
    r"\b(?:engineer|developer|programmer|architect|manager|director|head|lead|leader|chief|officer|cto|ceo|cfo|"
    r"coo|vp|vice president|president|founder|co-founder|founding member|intern|internship|trainee|apprentice|"
    r"analyst|scientist|researcher|consultant|specialist|coordinator|administrator|assistant|associate|"
    r"accountant|auditor|bookkeeper|controller|clerk|designer|nurse|rn|physician|doctor|therapist|technician|"
    r"pharmacist|teacher|tutor|instructor|professor|lecturer|coach|representative|agent|executive|advisor|"
    r"adviser|strategist|editor|writer|member|volunteer|supervisor|owner|partner|recruiter|marketer|"
    r"salesperson|cashier|receptionist|secretary|paralegal|attorney|lawyer|operator|planner|buyer|"
    r"sre|devops|job title|puesto|título del puesto)\b|工程师|经理|实习生|主管|总监|专员|设计师",
    re.IGNORECASE,
)
_EMPLOYER_WORDS = re.compile(
    r"\b(?:inc|corp|corporation|llc|ltd|limited|gmbh|ag|sa|plc|co|company|group|bank|labs?|technologies|"
    r"technology|systems|solutions|software|services|consulting|partners|holdings|university|college|school|"
    r"hospital|clinic|health|medical|institute|agency|studio|foundation|management|financial|capital|"
    r"employer|empleador)\b\.?|公司|集团",
    re.IGNORECASE,
)
_LOCATION_RE = re.compile(
    r"^(?:[A-Z]{2}|[A-Z][a-z]+(?: [A-Z][a-z]+)?, ?[A-Z]{2}|(?i:remote|hybrid|on-?site|city|ciudad|location|"
    r"usa|u\.s\.a?\.?|uk|united states|united kingdom|canada|germany|france|india|s\.\s?korea|south korea|"
    r"new york|san francisco|london|berlin|paris|seattle|austin|boston|chicago|toronto|"
    r"new orleans|los angeles|seoul))\.?$"
)
# A degree ending in a dot ("B.S.") needs no word boundary after it: "B.S. in Physics" has none.
_DEGREE_RE = re.compile(
    r"\b(?:bachelor|master|b\.?\s?sc|m\.?\s?sc|b\.?\s?a\.|m\.?\s?a\.|b\.\s?s\.|m\.\s?s\.|ph\.?\s?d|mba|bba|"
    r"associate(?:'s)? degree|diploma|degree|doctorate|licenciatura|grado|high school|gpa|学士|硕士|博士|本科|研究生)"
    r"(?:(?<=\.)|\b)",
    re.IGNORECASE,
)
# A resume line's number that measures a change it made (a result), not the size of what one handled (a scope:
# "coordination for 13 executives", "supported 1,200 users"): a percentage, a multiple, a change in words, or a
# verb (or noun) of change in any tense ("decreasing no-shows by 26%", "an annual savings of over $2,300").
_OUTCOME_RE = re.compile(
    r"\d\s*(?:%|percent\b|per cent\b)|\b\d+(?:\.\d+)?\s*[x×](?![a-z0-9])|"
    r"\b(?:doubl|tripl|quadrupl|halv)(?:e|ed|es|ing)\b|\btenfold\b|\b(?:by|in) half\b|"
    r"\b(?:reduc|decreas|increas|improv|boost|lower|shorten|accelerat|eliminat|minimi[sz]|maximi[sz]|expand|"
    r"generat|recover|outperform|surpass|exceed)\w*|"
    r"\b(?:cut|cuts|cutting|grew|grow|grows|growing|growth|sav(?:e|es|ed|ing|ings)|rais(?:e|es|ed|ing)|"
    r"drove|drive|drives|driving|won|win|wins|winning|sold|sell|sells|closed|secured|signed|beat|beats|"
    r"sped|speeds?|slash\w*|bring|brought|gain\w*|revenue|profit\w*|faster|fewer|less)\b",
    re.IGNORECASE,
)
