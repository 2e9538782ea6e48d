"""The layouts of the generated corpus and which half each belongs to.

A layout family is one template: a JSON Resume theme, a python-docx layout or a LaTeX class. A DOCX family
gives two documents of each person, the .docx and the PDF LibreOffice makes of it (what many candidates upload);
both are in the family's half, so a rule tuned on a Word layout's PDF never meets the same layout held out.

TUNING families are the ones the reader is tuned on: open them, read their failures, write rules.
HELD_OUT families only report: do not open their documents or their failures while writing rules. The split
alternates within each kind (HTML theme, DOCX, LaTeX) so each half has every kind of layout, and every shape the
issue names (tables as columns, text boxes, right-hand dates, headers and footers) is on both sides.
"""

from __future__ import annotations

from dataclasses import dataclass

TUNING = "tuning"
HELD_OUT = "held-out"


@dataclass(frozen=True)
class Family:
    name: str
    kind: str  # "theme" (JSON Resume theme -> Chromium PDF), "docx" (python-docx, + LibreOffice PDF), "latex"
    split: str
    what: str

    @property
    def formats(self) -> tuple[str, ...]:
        return ("docx", "pdf") if self.kind == "docx" else ("pdf",)

    def layouts(self) -> list[str]:
        return [f"{self.name}.{fmt}" for fmt in self.formats]


FAMILIES: tuple[Family, ...] = (
    # JSON Resume themes (npm), printed to PDF by Chromium.
    Family("theme-even", "theme", TUNING, "one column, section names in a left gutter, dates right"),
    Family("theme-macchiato", "theme", TUNING, "two columns: contact and skills left, experience right"),
    Family("theme-paper", "theme", TUNING, "serif, small-caps section labels in a left column"),
    Family("theme-short", "theme", TUNING, "compact, coloured headings, dates after the title"),
    Family("theme-class", "theme", TUNING, "coloured header band, each entry a row: title and dates left, bullets right"),
    Family("theme-onepage-plus", "theme", TUNING, "dense, name and title on one line, labels left, dates right"),
    Family("theme-flat", "theme", TUNING, "flat, coloured headings, dates right-aligned above each title"),
    Family("theme-stackoverflow", "theme", HELD_OUT, "'Title at Employer', dates on the right"),
    Family("theme-elegant", "theme", HELD_OUT, "centred header, cards, title and employer on one line"),
    Family("theme-kendall", "theme", HELD_OUT, "bordered page, employers on grey bands, dates under"),
    Family("theme-spartan", "theme", HELD_OUT, "large name, dates above each entry"),
    Family("theme-straightforward", "theme", HELD_OUT, "serif, centred name, coloured rules, dates right"),
    Family("theme-caffeine", "theme", HELD_OUT, "two columns: contact and skills sidebar left, dates right"),
    Family("theme-slick", "theme", HELD_OUT, "large name, grey headings with icons, dates under each title"),
    # Word documents built with python-docx, and their LibreOffice PDFs.
    Family("docx-tabstops", "docx", TUNING,
           "one column; 'Title, Employer' with dates on a right tab stop; name and contact in the page header"),
    Family("docx-table-sidebar", "docx", TUNING,
           "a two-column table: contact, skills and education in a shaded left column, experience on the right"),
    Family("docx-textbox-headings", "docx", TUNING,
           "each section heading in a text box (w:txbxContent) on a coloured band; entries as plain paragraphs"),
    Family("docx-dates-column", "docx", HELD_OUT,
           "each entry a borderless table: title and employer left, dates in a right-hand column; contact in the footer"),
    Family("docx-textbox-sidebar", "docx", HELD_OUT,
           "a floating text box down the left holds contact, education and skills; experience in the body"),
    Family("docx-word-headings", "docx", HELD_OUT,
           "Word's Heading styles, 'Employer | City' then 'Title' on the next line, dates right-tabbed after the title"),
    # LaTeX classes from Debian's texlive.
    Family("latex-moderncv-classic", "latex", TUNING, "moderncv, classic style: dates in the left margin column"),
    Family("latex-europass", "latex", TUNING, "the Europass CV (europasscv): labels and dates in a left column"),
    Family("latex-twocolumn", "latex", HELD_OUT, "paracol two columns: a sidebar with contact, skills, education"),
    Family("latex-moderncv-banking", "latex", HELD_OUT,
           "moderncv, banking style: centred header, employer and city on one line, title and dates under"),
)

BY_NAME = {family.name: family for family in FAMILIES}


def families(split: str | None = None, kinds: tuple[str, ...] | None = None) -> list[Family]:
    return [f for f in FAMILIES if (split is None or f.split == split) and (kinds is None or f.kind in kinds)]
