"""LaTeX resumes from Debian's texlive: moderncv (classic and banking styles), the Europass CV (europasscv) and a
two-column article (paracol).

Each document is compiled with pdflatex in a temporary folder; only the PDF is kept.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from bench.corpus.dates import show

_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
            "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def tex(text: str) -> str:
    return "".join(_SPECIAL.get(ch, ch) for ch in str(text))


def _span(entry: dict, style: str = "short") -> str:
    return f"{show(entry.get('startDate'), style)}--{show(entry.get('endDate'), style)}"


def _skills(resume: dict) -> list[str]:
    return [k for group in resume.get("skills", []) for k in group.get("keywords", [])]


def moderncv(resume: dict, style: str = "classic", color: str = "blue") -> str:
    basics = resume["basics"]
    first, _, last = basics["name"].partition(" ")
    lines = [
        r"\documentclass[11pt,a4paper,sans]{moderncv}",
        rf"\moderncvstyle{{{style}}}", rf"\moderncvcolor{{{color}}}",
        r"\usepackage[T1]{fontenc}", r"\usepackage{lmodern}", r"\usepackage[scale=0.78]{geometry}",
        rf"\name{{{tex(first)}}}{{{tex(last)}}}", rf"\title{{{tex(basics['label'])}}}",
        rf"\address{{{tex(basics['location']['address'])}}}{{{tex(basics['location']['city'])}}}{{}}",
        rf"\phone[mobile]{{{tex(basics['phone'])}}}", rf"\email{{{tex(basics['email'])}}}",
        r"\begin{document}", r"\makecvtitle",
        r"\section{Profile}", rf"\cvitem{{}}{{{tex(basics['summary'])}}}",
        r"\section{Experience}",
    ]
    for job in resume["work"]:
        items = "".join(rf"\item {tex(h)}" for h in job["highlights"])
        lines.append(rf"\cventry{{{_span(job)}}}{{{tex(job['position'])}}}{{{tex(job['name'])}}}{{{tex(job['location'])}}}"
                     rf"{{}}{{\begin{{itemize}}{items}\end{{itemize}}}}")
    lines.append(r"\section{Education}")
    for edu in resume["education"]:
        lines.append(rf"\cventry{{{_span(edu, 'year')}}}{{{tex(edu['studyType'])} {tex(edu['area'])}}}"
                     rf"{{{tex(edu['institution'])}}}{{}}{{}}{{}}")
    lines += [r"\section{Skills}", rf"\cvitem{{}}{{{tex(', '.join(_skills(resume)))}}}"]
    if resume.get("volunteer"):
        lines.append(r"\section{Volunteering}")
        for v in resume["volunteer"]:
            lines.append(rf"\cventry{{{_span(v)}}}{{{tex(v['position'])}}}{{{tex(v['organization'])}}}{{}}{{}}{{}}")
    lines.append(r"\end{document}")
    return "\n".join(lines)


def twocolumn(resume: dict) -> str:
    basics = resume["basics"]
    lines = [
        r"\documentclass[10pt,a4paper]{article}",
        r"\usepackage[T1]{fontenc}", r"\usepackage{lmodern}", r"\usepackage[margin=1.4cm]{geometry}",
        r"\usepackage{paracol}", r"\usepackage{xcolor}", r"\usepackage{enumitem}", r"\usepackage{titlesec}",
        r"\definecolor{accent}{HTML}{8A1C1C}", r"\pagestyle{empty}", r"\setlength{\parindent}{0pt}",
        r"\titleformat{\section}{\large\bfseries\color{accent}}{}{0pt}{\MakeUppercase}[\titlerule]",
        r"\titlespacing*{\section}{0pt}{8pt}{4pt}", r"\setlist{nosep,leftmargin=1.2em}",
        r"\columnratio{0.3}", r"\setlength{\columnsep}{1.2em}",
        r"\begin{document}",
        rf"{{\Huge\bfseries {tex(basics['name'])}}}\\[2pt]{{\large\color{{accent}} {tex(basics['label'])}}}",
        r"\vspace{8pt}", r"\begin{paracol}{2}", r"\small",
        r"\section{Contact}", rf"{tex(basics['email'])}\\ {tex(basics['phone'])}\\ {tex(basics['location']['city'])}",
        r"\section{Education}",
    ]
    for edu in resume["education"]:
        lines.append(rf"\textbf{{{tex(edu['institution'])}}}\\ {tex(edu['studyType'])} {tex(edu['area'])}\\ "
                     rf"{{\itshape {_span(edu, 'year')}}}\par\smallskip")
    lines.append(r"\section{Skills}")
    lines.append(r"\\ ".join(tex(s) for s in _skills(resume)))
    lines += [r"\switchcolumn", r"\section{Summary}", tex(basics["summary"]), r"\section{Experience}"]
    for job in resume["work"]:
        items = "".join(rf"\item {tex(h)}" for h in job["highlights"])
        lines.append(rf"\textbf{{{tex(job['position'])}}} \hfill {{\itshape {_span(job, 'numeric')}}}\\ "
                     rf"{tex(job['name'])}, {tex(job['location'])}\begin{{itemize}}{items}\end{{itemize}}\medskip")
    if resume.get("volunteer"):
        lines.append(r"\section{Volunteering}")
        for v in resume["volunteer"]:
            lines.append(rf"\textbf{{{tex(v['position'])}}}, {tex(v['organization'])} \hfill {_span(v, 'numeric')}\par")
    lines += [r"\end{paracol}", r"\end{document}"]
    return "\n".join(lines)


def europass(resume: dict) -> str:
    """The Europass CV (europasscv class): labels and dates in a left column, a table-like layout much used in
    the EU."""
    basics = resume["basics"]
    lines = [
        r"\documentclass[english,a4paper]{europasscv}", r"\usepackage[T1]{fontenc}", r"\usepackage{lmodern}",
        rf"\ecvname{{{tex(basics['name'])}}}",
        rf"\ecvaddress{{{tex(basics['location']['address'])}, {tex(basics['location']['city'])}}}",
        rf"\ecvmobile{{{tex(basics['phone'])}}}", rf"\ecvemail{{{tex(basics['email'])}}}",
        r"\begin{document}", r"\begin{europasscv}", r"\ecvpersonalinfo",
        rf"\ecvitem{{\large Position}}{{\large {tex(basics['label'])}}}",
        r"\ecvsection{Work experience}",
    ]
    for job in resume["work"]:
        lines += [rf"\ecvtitle{{{_span(job, 'numeric')}}}{{{tex(job['position'])}}}",
                  rf"\ecvitem{{}}{{{tex(job['name'])}, {tex(job['location'])}}}"]
        lines += [rf"\ecvitem{{}}{{\textbullet~{tex(h)}}}" for h in job["highlights"]]
    lines.append(r"\ecvsection{Education and training}")
    for edu in resume["education"]:
        lines += [rf"\ecvtitle{{{_span(edu, 'year')}}}{{{tex(edu['studyType'])} {tex(edu['area'])}}}",
                  rf"\ecvitem{{}}{{{tex(edu['institution'])}}}"]
    lines += [r"\ecvsection{Personal skills}", rf"\ecvitem{{Job-related skills}}{{{tex(', '.join(_skills(resume)))}}}",
              r"\end{europasscv}", r"\end{document}"]
    return "\n".join(lines)


SOURCES = {
    "latex-moderncv-classic": moderncv,
    "latex-moderncv-banking": lambda resume: moderncv(resume, "banking", "burgundy"),
    "latex-europass": europass,
    "latex-twocolumn": twocolumn,
}


def render_latex(family: str, resume: dict, pdf: Path) -> None:
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "resume.tex"
        source.write_text(SOURCES[family](resume))
        result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "resume.tex"], cwd=work,
                                capture_output=True, text=True, timeout=180)
        if result.returncode or not (Path(work) / "resume.pdf").exists():
            raise RuntimeError(f"pdflatex failed for {pdf.name}:\n{result.stdout[-2000:]}")
        shutil.copy(Path(work) / "resume.pdf", pdf)
