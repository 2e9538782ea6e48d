"""The words an answer is read with, in one place: every list the live interviewer and the report share.

A list here is data, or a pattern of words about what an answer tells: the candidate's own steps, the team's, the
situation and the task, a reason, a result said in words, vagueness and filler. The live interviewer (`listening`,
`reading.story`, the depth judge) and the report (`answers.sentences`) read them from here, so a word taught to one is
seen by the other. Patterns that only split or measure (`reading.tokens`, `answers.results`) live with that code.
"""

from __future__ import annotations

import re

__all__ = ["ACTION_RE", "CADENCE_UNITS", "FILLER_PHRASES", "HABIT_VERBS", "JOINED_RE", "METRIC_RE", "MINE_RE",
           "MONEY_WORDS", "NUMBER_WORDS", "REASON_SENTENCE", "RESULT_RE", "SCENE_SENTENCE", "SITUATION_RE",
           "SMALL_TALK", "STOPWORDS", "TASK_RE", "TASK_SENTENCE", "TEAM_PAST_RE", "THEN_I_RE", "VAGUE_RE", "WHEN_RE",
           "WHY_RE"]

# Words that carry no topic: left out when two texts are compared by what they are about.
STOPWORDS = frozenset(
    "a an the and or but so of to in on at for from by with about as is are was were be been being it its this that "
    "these those i me my we our us you your he she they them their his her what which who whom how why when where "
    "do did does done have has had can could would should will just very really also then than there here into out "
    "up down over under again more most some any all each every no not only own same too s t don now tell time "
    "describe walk through give example like want way thing things one get got make made".split()
)

# Numbers said in words, "zero" to "ninety" ("forty minutes", "twenty-four of my twenty-eight pupils").
NUMBER_WORDS = tuple(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety".split()
)

# Money said in words after an amount ("150 dollars", "two thousand pounds", "40 grand").
MONEY_WORDS = ("dollars", "dollar", "bucks", "pounds", "quid", "euros", "grand", "rupees", "pesos", "yen")

# Units of a cadence: "one release a year", "once every two weeks", "every quarter".
CADENCE_UNITS = ("minute", "hour", "day", "night", "shift", "week", "fortnight", "month", "quarter", "term",
                 "semester", "season", "year", "sprint", "release", "cycle")


# -- what an answer tells: the candidate's own steps, the team's, when, why, what came of it ---------------------

ACTION_RE = re.compile(
    r"\bI\s+(?:personally\s+|then\s+|also\s+|first\s+|later\s+|eventually\s+)?(?:led|built|designed|wrote|"
    r"implemented|decided|created|introduced|migrated|rewrote|proposed|owned|ran|set up|drove|automated|"
    r"negotiated|analy[sz]ed|investigated|found|fixed|launched|shipped|organi[sz]ed|convinced|mentored|"
    r"refactored|measured|chose|replaced|profiled|prototyped|started|reduced|cut|added|moved|split|pushed|"
    r"talked|coordinated|caught|debugged|traced|tested|trained|taught|presented|reviewed|planned|handled|"
    r"triaged|wrote|made|took|asked|managed|used|worked out|put|switched|deployed|configured|removed|"
    r"cleaned|documented|explained|spoke|called|escalated|paired|helped|suggested|run|build|own|lead|manage|"
    r"maintain|write|design|handle|look after|support|went back|compared|gathered|pulled|brought|prepared|"
    r"showed|checked|sat down|followed up|reached out|rebuilt|collected|offered|pitched|visited|"
    # any other verb told in the past ("I looked at the calls", "I picked a tool", "I piloted it"), less the
    # ones that tell a state or a wish rather than a step ("I was", "I wanted", "I liked")
    r"(?!(?:was|were|had|felt|wanted|liked|loved|needed|hoped|seemed|believed|enjoyed|hated|preferred|"
    r"tended|used to|wished|guessed|assumed|expected|supposed|worked|learned|reali[sz]ed)\b)[a-z]{2,}ed|"
    r"saw|began|got|gave|kept|met|sent|spent|told|sold|bought|held|won|drew|sought|dug|paid|rang|threw|"
    r"went|rode|stood|wore|flew|rolled out|stepped in|set|hired|read through|sat with|"
    # irregular steps of a story: "I sat her up", "I remade it", "I rang the club", "I said no", "I did it face to face"
    # ("I let", "I hit", "I shut" tell a habit as often as a step: not here)
    r"sat|remade|redid|rang|said|did(?!n['’]?t\b|\s+not\b)|left|fed|dealt|swept|stuck|fought|froze)\b",
    re.IGNORECASE)
# The forms of ACTION_RE that tell a habit, not a step taken once ("I run the rota", "I look after the pens").
HABIT_VERBS = frozenset({"run", "build", "own", "lead", "manage", "maintain", "write", "design", "handle", "after",
                          "support"})
# What the team did, told in the past ("we found the pool was exhausted, we raised the limit"): one real time, even
# when the candidate's own part is still to come. Not a state ("we had", "we were") nor a habit ("we write tests").
TEAM_PAST_RE = re.compile(
    r"\b(?:we|(?:two|three|four|both|all) of us)\s+(?:then\s+|also\s+|first\s+|finally\s+)?(?:(?!(?:was|were|had|felt|wanted|liked|loved|needed|hoped|"
    r"seemed|believed|used|tended|worked|learned|reali[sz]ed|expected|assumed)\b)[a-z]{2,}ed|found|made|took|wrote|built|"
    r"ran|got|gave|kept|met|sent|spent|told|sold|held|won|went|began|chose|drew|rolled|brought|caught|cut|set|split|"
    r"shipped|rebuilt|put|sat)\b", re.IGNORECASE)
# When one occasion happened, besides a setting SITUATION_RE names: "that afternoon", "the next week", "on a night
# shift", "before opening night", "in August".
WHEN_RE = re.compile(
    r"\b(?:(?:that|the next|the following|one|the same) (?:morning|afternoon|evening|night|day|week|weekend|month|"
    r"shift|season)|on (?:a|one|my|the|his|her|their) (?:[\w-]+ )?(?:shift|morning|afternoon|evening|night|day|call|"
    r"visit)|before (?:the )?(?:opening|first|launch|go-live|deadline)\b|in (?:january|february|march|april|may|june|"
    r"july|august|september|october|november|december))\b", re.IGNORECASE)
# What made them act, then their step: "A parent complained …, so I met her", "When three partners wanted reports on
# the same day, I asked each…".
THEN_I_RE = re.compile(r"[,;]?\s+so\s+(?=I\b)|\bwhen\b[^.;!?]{3,120}?,\s+(?=I\b)", re.IGNORECASE)
# Their own part said without one of the action verbs: "I did the comparison myself".
MINE_RE = re.compile(r"\b(?:myself|on my own|I did (?:the|it|that|all|most)|I personally)\b", re.IGNORECASE)
SITUATION_RE = re.compile(
    r"\b(?:at (?:my|our|the)|when I was|when we|last (?:year|month|quarter|week|spring|summer|autumn|fall|winter)|in \d{4}|the (?:problem|issue|"
    r"situation|challenge) was|we had|there was|one time|once,|during|after the|before the)\b", re.IGNORECASE)
RESULT_RE = re.compile(
    r"\b(?:as a result|result(?:ed|s)? (?:in|was)|reduc(?:ed|ing)|increas(?:ed|ing)|improv(?:ed|ing)|"
    r"sav(?:ed|ing)|cut|grew|dropped|halved|doubled|went (?:from|down|up)|outcome|impact|in the end|"
    r"ended up|caught|fixed|prevented|stopped|shipped|launched|now (?:we|it|the)|no longer|zero|"
    r"fewer|faster|slower|cheaper|recovered|resolved|solved|won|delivered|completed|passed|approved|"
    r"within (?:\d+|a|one|two|three|four|five|six|a few) (?:minutes?|hours?|days?|weeks?|months?)|"
    r"(?:within|met|hit|beat|made|under) (?:our|the|their|its|my) (?:[\w-]+ ){0,3}(?:target|deadline|sla|goal)|"
    r"(?:nobody|no one|none of (?:them|the \w+)) (?:\w+ )?(?:left|missed|was|were|had|got|lost|failed|waited)|"
    r"got (?:the|our|their|it|them|all|most) (?:\w+ ){0,2}back|went up to|came down to|up to \d+ ?(?:%|percent)|"
    r"(?:were|was|are|is|got|came|been) back (?:up|online|in|within|to|on)|"
    r"(?:haven'?t|hasn'?t|have not|has not|never) (?:had|seen|happened|failed|broken|missed|lost|had to)\b[^.;]*\bsince|"
    r"(?:didn'?t|did not|never) (?:have|had|see|saw|get|got) (?:a|an|another|any) (?:repeat|recurrence)|"
    r"no (?:repeat|recurrence)s?|(?:never|hasn'?t|haven'?t|didn'?t|did not) (?:happen(?:ed)?|recur(?:red)?|come back|came back) again|"
    r"(?:with|had) (?:no|zero) (?:[\w-]+ ){0,2}?(?:downtime|data loss|(?:lost|missed) (?:[\w-]+ )?(?:days?|hours?|shifts?)))\b",
    re.IGNORECASE)
WHY_RE = re.compile(
    r"\b(?:because|since|so that|the reason|in order to|chose|trade-?offs?|instead of|rather than|"
    r"weighed|considered|option|decided)\b", re.IGNORECASE)
VAGUE_RE = re.compile(
    r"\b(?:i guess|stuff|things|kind of|sort of|basically|various|etc|i don'?t know|not sure|whatever|"
    r"i think so|maybe|some projects|a lot of|many things|it was fine|it went fine|just my job|"
    r"nothing really|no idea|can'?t remember|don'?t remember)\b", re.IGNORECASE)
# The same actions joined to an "I" clause: ", opened the hallway beds", "and added a duplicate check".
JOINED_RE = re.compile(
    r"(?:,\s+(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?)(?:introduced|built|wrote|designed|created|set up|added|"
    r"ran|led|migrated|automated|launched|shipped|replaced|rewrote|proposed|started|moved|chose|implemented|"
    r"switched to|moved to|opened|assigned|re-assigned|reassigned|redesigned|organised|organized|trained)\s+"
    r"(?:a|an|the|our|my|some)\s+((?:[\w/+#.-]+\s+){0,3}[\w/+#.-]+)", re.IGNORECASE)

# An amount with its unit ("$40k", "35%", "8 minutes"): the depth judge's and the interviewer's notes' measure.
METRIC_RE = re.compile(
    r"(?:[$€£]\s?\d[\d,.]*\s?(?:k|m|bn|million|billion)?|\b\d[\d,.]*\s?(?:%|percent|x\b|ms\b|seconds?\b|minutes?\b|"
    r"hours?\b|days?\b|weeks?\b|months?\b|k\b|m\b|million\b|billion\b|users?\b|customers?\b|people\b|engineers?\b|"
    r"services?\b|requests?\b|times\b))",
    re.IGNORECASE,
)
# What the candidate was to do, anywhere in an answer (the depth judge's task).
TASK_RE = re.compile(
    r"\b(?:my (?:goal|job|task|role|responsibility) was|I was (?:responsible|asked|tasked)|we needed to|"
    r"I needed to|the goal was|had to)\b", re.IGNORECASE)


# -- what a sentence does, as the report's analysis reads it (`answers.sentences`) ---------------------------------

# A sentence that says what the candidate was to do (the report's sentence analysis: the task).
TASK_SENTENCE = re.compile(
    r"\b(?:my\s+(?:task|job|role|responsibility|goal|mission|assignment|brief)\s+was|"
    r"i\s+was\s+(?:asked|tasked|responsible|in\s+charge|supposed|expected|assigned|brought\s+in|given)|"
    r"i\s+(?:needed|had|wanted)\s+to|i\s+owned|it\s+was\s+(?:my\s+job|up\s+to\s+me|on\s+me)|"
    r"the\s+(?:goal|challenge|objective|aim|task|requirement|target|deadline)\s+was|i\s+took\s+(?:over|ownership|on)|"
    r"(?:it|that)\s+had\s+to|nobody\s+owned|i\s+volunteered|assigned\s+to\s+me|(?:given|handed)\s+to\s+me|"
    r"i\s+was\s+(?:the\s+)?(?:[\w-]+\s+)?on[\s-]?(?:call|shift|duty))\b",
    re.I,
)

# A sentence that sets the scene (the report's sentence analysis: the situation).
SCENE_SENTENCE = re.compile(
    r"\b(?:at\s+my\s+(?:last|previous|current|first|old|former)\s+\w+|when\s+i\s+(?:was|worked|joined|started)|"
    r"while\s+(?:i\s+was\s+)?(?:working|building)|(?:our|the|my)\s+[\w\s-]{0,30}?\b(?:was|were|had|kept|took|started|"
    r"fell|broke|grew)\b|there\s+(?:was|were)|we\s+(?:were|had)|back\s+in|(?:in|during)\s+(?:19|20)\d\d|"
    r"(?:weeks?|months?|years?)\s+(?:before|ago)|(?:two|three|four|a\s+few)\s+weeks\s+before)\b",
    re.I,
)

# Filler: words that say nothing ("at the end of the day", "you know"), counted per sentence by the report.
FILLER_PHRASES = re.compile(
    r"\b(?:at\s+the\s+end\s+of\s+the\s+day|to\s+be\s+honest|so\s+yeah|pretty\s+much|the\s+whole\s+story|"
    r"really,?\s+really|which\s+is\s+a\s+lot|you\s+know|basically|i\s+mean|like\s+i\s+said|as\s+i\s+said|"
    r"kind\s+of|sort\s+of|and\s+stuff|and\s+so\s+on|or\s+whatever|honestly|a\s+bit\s+of\s+everything)\b",
    re.I,
)

# A reason given in a sentence ("because", "so that", "instead of"), counted by the report.
REASON_SENTENCE = re.compile(
    r"\b(?:because|so\s+that|instead\s+of|rather\s+than|trade-?off|in\s+order\s+to|to\s+avoid|which\s+meant|"
    r"the\s+reason|since\s+(?:the|it|we|our)|based\s+on|so\s+(?:i|we)\s+could)\b",
    re.I,
)


# -- small talk (`answers.offtopic`: the interviewer's off-topic check and the report's) ---------------------------

# Languages someone learns for themselves ("I'm learning Spanish on Duolingo").
_LANGUAGES = (r"spanish|french|german|italian|portuguese|japanese|mandarin|chinese|korean|arabic|russian|dutch|greek|"
              r"polish|turkish|hindi|welsh|swedish|norwegian|sign\s+language")
# "Holiday load", "the weekend shift": a season or a shift of work, not time off.
_NOT_A_SEASON = (r"(?!\s+(?:season|load|peak|rush|traffic|period|trading|sales|orders|demand|cover|shifts?|rota|on[\s-]call|"
                 r"deploys?|release|stock|campaign|volumes?))")
# Small talk: their life outside work, the office's setting and routine, not what happens in the work.
SMALL_TALK = re.compile(
    rf"(?i)\b(?:hobb(?:y|ies)|free\s+time|spare\s+time|weekends?{_NOT_A_SEASON}|hik(?:e|es|ing)|climbing|camping|"
    rf"holidays?{_NOT_A_SEASON}|vacations?|"
    r"travel(?:l?ing|l?ed)?|sightseeing|films?|movies?|cinema|netflix|tv\s+(?:shows?|series)|favou?rite|football|"
    r"basketball|tennis|golf|fans?|music|concerts?|guitar|piano|dogs?|cats?|pets?|puppy|garden(?:ing)?|barbecue|bbq|"
    r"weather|sunny|raining|snow(?:ing)?|traffic|car\s+park|commute|cycle\s+in|live\s+(?:about\s+)?\w+\s+(?:minutes|miles)|"
    r"coffee|canteen|lunch(?:es)?|dinner|breakfast|pizza|curry|cooking|pasta|baking|recipes?|restaurants?|"
    r"gym|yoga|free\s+fruit|bowling|christmas\s+party|(?:office|team|summer)\s+part(?:y|ies)|pub|drinks|"
    r"science\s+fiction|novels?|reading\s+(?:a\s+lot|books)|photography|camera|grew\s+up|was\s+born|my\s+(?:wife|husband|"
    r"boyfriend|girlfriend|kids|sister|brother|mum|mom|dad|parents|grandparents|baby|son|daughter)|cactus|view\s+of|"
    r"dark\s+mode|colou?r\s+is|"
    # a pursuit of their own, named by how it is told rather than by a list of subjects: learning a language or an
    # instrument, training for a race, a pet adopted, a band with friends, a cup of tea, their flat
    rf"(?:learning|teaching\s+myself|lessons\s+in)\s+(?:to\s+play\s+)?(?:the\s+)?(?:{_LANGUAGES}|guitar|piano|drums|violin|cello|"
    r"saxophone|ukulele|singing)|drums|in\s+a\s+band|(?:old|school|uni|university|childhood)\s+friends|"
    r"training\s+for\s+(?:a|an|the|my)\s+(?:first\s+)?(?:half\s+)?(?:marathon|\d+\s*k|10k|5k|race|triathlon|ironman)|marathon|"
    r"(?:adopted|rescue)\s+(?:a\s+|an\s+|two\s+)?(?:rescue\s+)?(?:greyhound|dog|cat|puppy|kitten|rabbit|horse|parrot)s?|"
    r"cup\s+of\s+(?:tea|coffee)|my\s+(?:flat|house|apartment)\s+is|"
    # the setting again: the office's layout and its view
    r"open[\s-]plan|lockers|quiet\s+room|view\s+from|"
    # where and when work happens, not what happens in it: the building, the floor, the furniture, the weekly routine
    r"founded\s+in|started\s+by|offices\s+in|(?:new|big|nice)\s+(?:building|office)|(?:first|second|third|fourth|top|"
    r"ground)\s+floor|windows?|(?<!front\s)(?<!help\s)(?<!service\s)(?<!reception\s)(?<!cash\s)desks?|chairs|monitors|break\s+room|staff\s+room|ping\s+pong|city\s+centre|"
    r"(?:we|i)\s+sit\b|on\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays)|every\s+(?:monday|tuesday|wednesday|"
    r"thursday|friday)(?:\s+(?:morning|night|evening))?)\b"
)
