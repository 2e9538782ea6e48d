"""The words an answer is read with, in one place: every list the live interviewer and the report share.

A list here is data; the patterns built from it live with the concept that reads it (`reading.tokens` for words and
stems, `answers.results` for results, `answers.sentences` for what a sentence does).
"""

from __future__ import annotations

__all__ = ["CADENCE_UNITS", "MONEY_WORDS", "NUMBER_WORDS", "STOPWORDS"]

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
