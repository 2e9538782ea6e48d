"""The lead's walk as a senior engineer against a 'first engineers' posting (session 7): a must-have listing
languages as examples ("functional programming - with languages such as Haskell, F#, Elm, Erlang, Elixir, ML,
OCaml, Lisp, Scheme, Scala, Clojure, Racket, Julia") was asked about as "The job asks for Clojure, and your resume
says less about it", the list's alternatives sorted by name, though any one of them meets it and the candidate had
just said Haskell."""

from agent_worker.core.sources import gap_skills, must_have_question
from agent_worker.core.tailoring import InterviewContext

POSTING = ("Senior Software Engineer\nAbout you\n"
           "- You've demonstrated a mastery in functional programming - with languages such as Haskell, F#, Elm, "
           "Erlang, Elixir, ML, OCaml, Lisp, Scheme, Scala, Clojure, Racket, Julia in an academic, personal or "
           "professional context.\n")


def context(resume: str, posting: str = POSTING) -> InterviewContext:
    return InterviewContext.from_candidate({"name": "Hana Kim", "role": "Software Engineer", "level": "senior",
                                            "resume_text": resume, "job_description": posting})


def test_languages_listed_as_examples_are_one_requirement_named_as_the_job_lists_them():
    assert gap_skills(context("Backend engineer.\nSkills: C++, Python")) == ["Haskell or F#"]
    asked = must_have_question(context("Backend engineer.\nSkills: C++, Python"), "senior", "s", None)
    assert asked is not None and asked.text.startswith("The job asks for Haskell or F#,"), asked


def test_any_one_of_the_listed_languages_on_the_resume_meets_it():
    assert gap_skills(context("Backend engineer.\nSkills: Scala, Python")) == []


def test_one_of_them_said_in_an_answer_is_asked_about_by_the_name_they_used():
    said = ["I'm a backend engineer with eight years in Python and Haskell, most recently on a payments team."]
    asked = must_have_question(context("Backend engineer.\nSkills: C++"), "senior", "s", None, [*said, "Okay."])
    assert asked is not None and asked.text.startswith("You mentioned Haskell earlier"), asked


def test_or_joins_alternatives_and_and_joins_requirements():
    posting = ("Requirements\n- 5+ years building distributed systems in Python or Go\n- Python, Go and Kubernetes\n"
               "- Terraform or Pulumi\n")
    assert gap_skills(context("Engineer.\nSkills: Python", posting)) == ["distributed systems", "Kubernetes",
                                                                          "Terraform or Pulumi"]
