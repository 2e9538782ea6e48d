"""The lead's walk as an accountant moving into data science (session 6): "How big is the data science team?" was
answered with the posting's "2+ years Data Science experience …" line, and after an audit story that began "I found
the accounts receivable aging report double counted …" the interviewer asked "Why did you go with the accounts
receivable aging report?"."""

from agent_worker.core.followups import answer_candidate_question
from agent_worker.core.listening import read_answer

POSTING = ("Data Scientist\nWhat we look for\n- 2+ years Data Science experience or a graduate degree in a "
           "quantitative field.\n- Strong grasp of statistics and data mining techniques.\n")
AUDIT = ("During an annual audit I found the accounts receivable aging report double counted about forty invoices "
         "after a system migration. I traced it to a duplicated customer ID, wrote a reconciliation check that "
         "compares invoice totals between the two systems, and we fixed the ledger before the audit closed.")


def test_a_question_about_team_size_is_not_answered_with_a_sentence_that_only_shares_words_with_it():
    reply = answer_candidate_question("How big is the data science team right now?", [("the job description", POSTING)])
    assert reply == ("Good question. The job description doesn't say how big the team is; that's a good one to ask "
                     "the hiring team.")


def test_a_posting_that_gives_the_team_size_in_its_own_words_is_quoted():
    posting = POSTING + "About the team\nYou will join a team of 12 analysts who report to the head of finance.\n"
    for question in ("How big is the team?", "Who would I report to?"):
        reply = answer_candidate_question(question, [("the job description", posting)])
        assert "a team of 12 analysts" in reply, reply


def test_what_they_found_wrong_is_not_asked_about_as_their_choice():
    reading = read_answer(AUDIT)
    assert "the accounts receivable aging report" not in reading.made
    assert reading.made[0] == "the reconciliation check"


def test_a_duty_of_interviewing_clients_is_not_the_answer_to_what_the_next_steps_are():
    posting = POSTING + "- Experience interviewing clients about their needs.\n"
    reply = answer_candidate_question("What are the next steps?", [("the job description", posting)])
    assert "interviewing clients" not in reply and "doesn't say what the next steps are" in reply, reply
    posting += "About the process\nThe interview process has three stages: a recruiter call, a case study and a panel.\n"
    reply = answer_candidate_question("What are the next steps?", [("the job description", posting)])
    assert "three stages" in reply, reply
