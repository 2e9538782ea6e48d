"""STAR parts by what sentences do, and results in digits and in words: cases from `manage.py score_answers`
on stories nobody had written tests from (the lead's run, then answers written after public interview guides).

Each case is scored through `assess_answer`, the code the report, the practice page and the command share.
"""

from __future__ import annotations

import pytest

from agent_worker.core.answers.results import result_spans
from agent_worker.core.answers.sentences import analyse_sentences
from feedback.scoring import assess_answer, examples, rubrics
from feedback.textstats import sentences

INCIDENT_Q = "Think of the last time something at work didn't go to plan. What happened, and what did you do?"
CERT = (
    "Last year a certificate expired on our internal API gateway on a Saturday and every service that called it "
    "started failing. I was on call. I saw the TLS errors in Loki within a few minutes, renewed the certificate by "
    "hand, and restarted the gateway pods, so we were back in about 25 minutes. Then I wrote a cert-manager setup "
    "with alerts 21 days before expiry, and we haven't had an expiry outage since."
)
CUSTOMER_Q = "Tell me about a time you had to deal with a difficult customer."
CLINIC = (
    "A clinic manager called furious because our scheduling update had double-booked her Monday patients. I "
    "apologised, stayed on the phone while I rebuilt her Monday by hand from the audit log, and called the twelve "
    "affected patients myself with her front desk. By noon every appointment was back in place. She renewed her "
    "contract two months later and asked for me by name."
)


def tags(question: str, answer: str) -> list[tuple[str, str | None]]:
    """The answer's pieces as the report page highlights them, without the blanks between them."""
    from feedback.scoring import highlight_segments

    verdict = assess_answer(question, answer)
    return [(piece.strip(), part) for piece, part in highlight_segments(answer, verdict.star) if piece.strip()]


def test_an_incident_story_with_actions_and_recovery_in_one_sentence_is_read_as_both():
    verdict = assess_answer(INCIDENT_Q, CERT)
    contract = verdict.to_contract(CERT)
    star = contract["star"]
    assert star["situation"].startswith("Last year a certificate expired")
    assert star["task"] == "I was on call."
    assert star["action"].startswith("I saw the TLS errors in Loki within a few minutes, renewed the certificate")
    assert "restarted the gateway pods" in star["action"]
    assert contract["results"] == ["we were back in about 25 minutes", "we haven't had an expiry outage since"]
    assert star["result"] == "we were back in about 25 minutes."
    assert not any(i.key in {"no_result", "no_amount"} for i in verdict.improvements), verdict.improvements
    assert verdict.score >= 4.0, verdict.explanation
    assert any("3 things you did yourself" in line or "4 things you did yourself" in line for line in verdict.explanation)


def test_the_report_tags_an_action_sentence_as_an_action_and_a_result_clause_as_a_result():
    pieces = dict(tags(INCIDENT_Q, CERT))
    detection = next(piece for piece in pieces if piece.startswith("I saw the TLS errors"))
    assert pieces[detection] == "action"
    assert pieces["we were back in about 25 minutes."] == "result"
    fix = next(piece for piece in pieces if piece.startswith("Then I wrote a cert-manager setup"))
    assert pieces[fix] == "action" and "haven't" not in fix
    assert pieces["we haven't had an expiry outage since."] == "result"
    assert "".join(piece for piece, _ in tags(INCIDENT_Q, CERT)).replace(" ", "") == CERT.replace(" ", "")


def test_results_printed_agree_with_the_points_given_for_them():
    verdict = assess_answer(CUSTOMER_Q, CLINIC)
    contract = verdict.to_contract(CLINIC)
    assert contract["results"] == ["By noon every appointment was back in place"]
    assert contract["star"]["result"].startswith("By noon every appointment was back in place.")
    credited = [line for line in verdict.explanation if "result" in line or "outcome" in line]
    assert credited == ['+1.3 for a result with an amount ("By noon every appointment was back in place")']


def test_a_number_in_an_outcome_sentence_is_not_an_amount_of_change():
    answer = ("A client's invoices were going to the wrong address after our billing migration. I found the mapping "
              "error, fixed the forty records by hand and wrote to the client myself. She renewed her contract two "
              "months later.")
    verdict = assess_answer(CUSTOMER_Q, answer)
    assert verdict.to_contract(answer)["results"] == []
    assert not any("number in it" in line for line in verdict.explanation)
    assert any(i.key == "no_amount" for i in verdict.improvements)


def example_for(question: str, answer: str) -> str:
    """The example answer the builder writes for an answer, whatever its score."""
    spans = sentences(answer)
    results = result_spans(answer, spans)
    return examples.example_answer(rubrics.STORY, question, analyse_sentences(answer, spans, results), results, set())


def test_the_example_answer_keeps_actions_said_in_a_sentence_that_also_gives_the_result():
    example = example_for(INCIDENT_Q, CERT)
    assert "renewed the certificate by hand" in example
    assert "we haven't had an expiry outage since" in example
    assert "what changed" not in example and "by how much" not in example


def test_an_example_keeps_the_actions_and_the_outcome_and_asks_only_for_the_amount():
    padded = (
        "So, basically, last year, you know, a certificate expired on our internal API gateway, on a Saturday of "
        "all days, and every service that called it started failing, like everything was failing. I was on call "
        "that weekend, so it was on me, it was my problem. I looked at the logs and I could see the TLS errors, "
        "there were a lot of TLS errors. I renewed the certificate and I restarted the gateway pods, I restarted "
        "all of them to be honest. It took a while but we got it working again in the end."
    )
    assert assess_answer(INCIDENT_Q, padded).score < assess_answer(INCIDENT_Q, CERT).score
    example = example_for(INCIDENT_Q, padded)
    assert "I renewed the certificate and I restarted the gateway pods" in example
    assert "we got it working again in the end" in example
    assert example.endswith("Your turn: by how much did it change? Give the before and the after."), example


def results_of(text: str) -> list[str]:
    return [r.text for r in result_spans(text, sentences(text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("There have been no insulin transcription errors on our ward since.",
         ["There have been no insulin transcription errors on our ward since"]),
        ("All my patients got their meds on time and no one missed a turn.",
         ["All my patients got their meds on time", "no one missed a turn"]),
        ("I learned a lot, and we have not had a missed deadline since.", ["we have not had a missed deadline since"]),
        ("The Monday cleanup went away completely.", ["The Monday cleanup went away completely"]),
        ("The job has run without a failure for the last three months.",
         ["The job has run without a failure for the last three months"]),
        ("The auditors raised no findings on cash that year.", ["The auditors raised no findings"]),
        ("Complaints went back to normal by the next day.", ["Complaints went back to normal by the next day"]),
        ("She got there with an hour to spare.", ["She got there with an hour to spare"]),
        ("It's now ready by 8am every Monday.", ["It's now ready by 8am"]),
        ("By the end of the quarter she was hitting every payment deadline.",
         ["By the end of the quarter she was hitting every payment deadline"]),
        ("Bed waits in A&E came down from hours to minutes.", ["Bed waits in A&E came down from hours to minutes"]),
        ("Trial sign-ups doubled compared with our previous launch.", ["Trial sign-ups doubled"]),
        ("The winning subject line had a 38% open rate.", ["The winning subject line had a 38% open rate"]),
        ("After four weeks the revenue lift held at about 3%.", ["After four weeks the revenue lift held at about 3%"]),
        ("Disk-full pages dropped from weekly to once a quarter.", ["Disk-full pages dropped from weekly to once a quarter"]),
        ("From then on we never missed a payroll run again.", ["From then on we never missed a payroll run again"]),
        ("Since then, none of our releases has slipped.", ["Since then, none of our releases has slipped"]),
        ("I restarted the pods so we were back in 25 minutes.", ["we were back in 25 minutes"]),
    ],
)
def test_results_said_in_words_are_read_as_results(text, expected):
    assert results_of(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I recommended running it at 50% for two more weeks rather than switching outright.",
        "I hired three more people for the night shift.",
        "I've been a nurse for 3 years on a 30-bed cardiac ward.",
        "We split the launch budget 60/40 between paid social and email.",
        "I had no time after that to finish the audit.",
        "I emailed the three customers whose orders had already shipped.",
        "I led a team of 8 engineers for 2 years at a fintech startup.",
        "I haven't had a day off since.",
        "We worked from 9am to 5pm every day that week.",
        "It took about 3 months from start to finish.",
    ],
)
def test_numbers_and_words_that_describe_the_setting_are_not_results(text):
    assert results_of(text) == []


def story(question: str, answer: str) -> dict:
    return assess_answer(question, answer).to_contract(answer)


def test_a_habit_told_in_the_past_sets_the_scene_and_is_not_a_hypothetical():
    answer = ("Patient discharges on our ward usually happened late in the evening because prescriptions were written "
              "after the ward round. I proposed writing discharge prescriptions the afternoon before, agreed it with the "
              "two consultants and pharmacy, and ran it for a month. Most discharges moved to before noon, and bed waits "
              "in A&E for our ward came down from hours to minutes.")
    out = story("Tell me about a time you shortened a process.", answer)
    assert out["star"]["situation"].startswith("Patient discharges on our ward usually happened late")
    assert "bed waits in A&E for our ward came down from hours to minutes" in out["results"]
    assert not any("context" in i["advice"] for i in out["improvements"])


def test_joining_two_data_sets_is_an_action_not_joining_a_company():
    answer = ("Marketing believed our webinar leads converted better than any other channel. I joined the CRM data with "
              "billing for the last 18 months and found webinar leads converted at roughly half the rate of organic "
              "sign-ups. They cut the webinar budget in half, and cost per paying customer came down by about a quarter.")
    out = story("Tell me about a piece of analysis that changed a decision.", answer)
    assert out["star"]["action"].startswith("I joined the CRM data with billing")
    assert not any('Say "I"' in i["advice"] for i in out["improvements"])
    before = story("Tell me about yourself.", "I joined the company in 2019 as a junior analyst.")
    assert before["star"]["action"] is None


def test_being_on_call_is_the_task_and_what_followed_are_the_actions():
    answer = ("Around 2 am our payment API started returning 500s after a database failover. I was the on-call engineer, "
              "so I declared an incident, saw that the app was still pointing at the old primary, and forced a config "
              "reload on all the API pods. Payments were back up within 15 minutes. The next week I added a connection "
              "check to our failover runbook and we haven't had a failover outage since.")
    out = story("Tell me about an outage you handled.", answer)
    assert out["star"]["task"] == "I was the on-call engineer"
    assert out["star"]["action"].startswith("I declared an incident, saw that the app")
    assert out["results"] == ["Payments were back up within 15 minutes", "we haven't had a failover outage since"]
    pieces = dict(tags("Tell me about an outage you handled.", answer))
    assert pieces["The next week I added a connection check to our failover runbook"] == "action"


def test_a_failure_story_that_says_how_it_went_is_not_told_to_add_a_result():
    answer = ("Last spring I ran a referral program that I expected to bring in a lot of new customers. I designed the "
              "rewards, built the landing page and promoted it in our newsletter for six weeks. It only brought in a "
              "handful of sign-ups, because the reward was a discount and most of our customers are on annual contracts "
              "paid by their company. I learned to test the incentive with five or six customers before building "
              "anything, and I did that for our next program.")
    verdict = assess_answer("Tell me about a time a project failed.", answer)
    star = verdict.to_contract(answer)["star"]
    assert star["result"].startswith("It only brought in a handful of sign-ups")
    assert star["situation"].startswith("Last spring I ran a referral program")
    assert not any(i.key in {"no_result", "no_context"} for i in verdict.improvements)


def test_a_lesson_applied_since_is_not_a_generic_claim():
    answer = ("In my first month I ran a data migration script against production instead of staging, and it overwrote "
              "the shipping addresses of about 300 customers. I told my lead straight away, restored the addresses from "
              "the nightly backup, and emailed the three customers whose orders had already shipped. Since then I always "
              "run scripts with a dry-run flag first.")
    verdict = assess_answer("Tell me about a time you made a mistake.", answer)
    assert "generic" not in verdict.flags
    assert verdict.to_contract(answer)["star"]["result"] != "emailed the three customers whose orders had already shipped."


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Tell me about a time you caught a mistake before it reached a patient.",
         "On a busy day shift I was checking a new admission's medication chart. The insulin dose was written as 40 "
         "units where her home dose was 4. I held the dose, paged the resident, and she rewrote the order. I flagged it "
         "through our incident system so pharmacy added a double-check on insulin orders. There have been no insulin "
         "transcription errors on our ward since."),
        ("Describe a time you had to handle a heavy workload.",
         "During flu season we were two nurses short for a whole week and I had eight patients instead of five. I "
         "grouped my rounds so I did meds, vitals and turns in one pass per room, and asked the healthcare assistant "
         "to take the observations. All my patients got their meds on time and no one missed a turn."),
    ],
    ids=["insulin", "workload"],
)
def test_a_result_that_names_the_story_s_own_subject_again_is_not_padding(question, answer):
    verdict = assess_answer(question, answer)
    assert "padding" not in verdict.flags, verdict.explanation
    assert verdict.to_contract(answer)["results"]
    assert verdict.score >= 4.0, verdict.explanation


def test_the_example_asks_about_what_they_did_without_their_time_phrase():
    answer = ("Our customers rarely referred anyone to us. Last spring I ran a referral program for them, designed the "
              "rewards and built the landing page.")
    example = example_for("Tell me about a time a project failed.", answer)
    assert "Your turn: what changed after you ran a referral program for them, and by how much?" in example


def test_a_change_told_before_anything_was_done_is_the_problem_not_the_result():
    answer = ("Our annual audit was moved forward by two weeks. I listed every schedule the auditors needed, split them "
              "between me and two colleagues, and prepared the fixed-asset and accruals schedules myself over three "
              "evenings. We delivered everything on the new date.")
    out = story("Describe a time you had to meet a tight deadline.", answer)
    assert out["star"]["situation"] == "Our annual audit was moved forward by two weeks."
    assert out["results"] == ["We delivered everything on the new date"]
    assert out["star"]["result"] == "We delivered everything on the new date."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Invoice approvals took about two weeks. Now approvals take two or three days.",
         ["Now approvals take two or three days"]),
        ("She passed her competency sign-off first time.", ["She passed her competency sign-off first time"]),
    ],
)
def test_more_results_in_words(text, expected):
    assert results_of(text) == expected


def test_a_story_that_ended_badly_is_asked_for_the_lesson_not_for_an_amount():
    answer = ("We had a customer who was always complaining about everything. I set up a weekly call with their "
              "operations lead and fixed the two reports they used most. In the end they left anyway.")
    verdict = assess_answer("Tell me about a time you dealt with a difficult customer.", answer)
    assert not any(i.key == "no_amount" for i in verdict.improvements), verdict.improvements
    assert any(i.key == "no_lesson" and i.quote is None for i in verdict.improvements)
    example = example_for("Tell me about a time you dealt with a difficult customer.", answer)
    assert "In the end they left anyway." in example
    assert "by how much" not in example
    assert example.endswith("Your turn: what did you learn from it, and what do you do differently now?")


def test_the_example_opens_on_the_sentence_that_sets_the_scene_not_a_detail():
    answer = ("In 2022 our team of 12 moved from on-prem servers to AWS over 9 months. We had a 60/40 split between "
              "backend and frontend work. I was one of the backend engineers. It was a big project with lots of moving "
              "parts.")
    example = example_for("Tell me about a time you solved a hard problem.", answer)
    assert example.startswith("In 2022 our team of 12 moved from on-prem servers to AWS over 9 months.")


def test_a_deadline_met_in_full_is_a_result():
    answer = ("Our annual audit was moved forward by two weeks. I listed every schedule the auditors needed, split them "
              "between me and two colleagues, and prepared the accruals schedules myself over three evenings. We "
              "delivered everything on the new date.")
    verdict = assess_answer("Describe a time you had to meet a tight deadline.", answer)
    assert verdict.to_contract(answer)["results"] == ["We delivered everything on the new date"]
    assert not any(i.key == "no_amount" for i in verdict.improvements)


def test_a_mistake_story_that_ends_on_its_lesson_is_not_asked_for_an_amount():
    answer = ("In my first month I ran a data migration script against production instead of staging, and it overwrote "
              "the shipping addresses of about 300 customers. I told my lead straight away and restored the addresses "
              "from the nightly backup. Since then I always run scripts with a dry-run flag first.")
    verdict = assess_answer("Tell me about a time you made a mistake.", answer)
    assert not any(i.key in {"no_amount", "no_result", "no_lesson"} for i in verdict.improvements), verdict.improvements


def test_what_the_candidate_found_on_joining_is_the_scene_and_getting_it_back_is_the_result():
    answer = ("When I joined, deploys had gone from daily to weekly because every release needed a manual sign-off. I "
              "automated the smoke tests in our pipeline, got QA to agree that a green run replaces the sign-off, and "
              "paired with each developer on their first automated release. Within a month we were deploying daily "
              "again.")
    out = story("Tell me about a time you improved a team's delivery.", answer)
    assert out["star"]["situation"].startswith("When I joined, deploys had gone from daily to weekly")
    assert out["results"] == ["Within a month we were deploying daily again"]


def test_one_by_one_is_not_an_amount_and_the_engineer_on_call_has_a_task():
    answer = ("Our booking site went down at 9am on a Monday, our busiest hour. I was the engineer on call, so I checked "
              "the dashboards, found the database had run out of connections, and raised the pool limit while I "
              "restarted the app servers one by one. The site was back up by lunchtime. I then added a connection "
              "alert, and we haven't had one since.")
    out = story("Tell me about a time you handled an outage.", answer)
    assert out["results"] == ["The site was back up by lunchtime", "we haven't had one since"]
    assert out["star"]["task"] == "I was the engineer on call"


def test_a_new_duration_against_the_old_one_is_a_result_even_with_words_between():
    answer = ("Our board pack took me and two colleagues about a week every month. I moved the data into one shared "
              "model and automated the variance tables. The pack now takes two days, and the CFO asked us to roll the "
              "same approach out to the forecast.")
    assert story("Tell me about a time you improved a reporting process.", answer)["results"] == [
        "The pack now takes two days"]


def test_a_story_told_result_first_keeps_its_headline_as_the_result():
    answer = ("Our checkout error rate fell from 4% to under 0.5% in a month. I traced the errors to a retry loop in "
              "the payment client, rewrote it with idempotency keys and added an alert on duplicate charges.")
    out = story("Tell me about a time you improved reliability.", answer)
    assert out["results"] == ["Our checkout error rate fell from 4% to under 0.5%"]
    assert out["star"]["result"] == "Our checkout error rate fell from 4% to under 0.5% in a month."


def test_an_approach_answer_s_example_keeps_the_outcome_after_the_story_it_ends():
    answer = ("I take feedback well. Last year my manager told me my reports were too long, so I started writing a "
              "one-paragraph summary at the top of each one. She said the finance directors now read them.")
    verdict = assess_answer("How do you handle feedback?", answer)
    assert any("how it turned out" in line for line in verdict.explanation), verdict.explanation
    example = verdict.example_answer
    assert example.index("Last year my manager told me") < example.index("She said the finance directors now read them.")


def test_a_sentence_split_mid_list_keeps_its_actions_as_the_candidate_s():
    # Speech-to-text and the report split a spoken sentence where the speaker paused.
    answer = ("I saw the TLS errors in Loki within a few minutes and renewed the certificate by hand. And restarted the "
              "gateway pods, so we were back in about 25 minutes.")
    analysed = analyse_sentences(answer, sentences(answer))
    assert analysed[1].own_action and analysed[1].clauses[0][0] == "action"
