// "Try this one again", spoken: record the answer in the page, have the server's speech-to-text write it out, and
// put the words in the answer box for the candidate to read over and send (typed answers work as before).
const box = document.getElementById("spoken-retake");
const answer = document.querySelector("textarea[name=answer]");
const csrf = document.querySelector("input[name=csrfmiddlewaretoken]");

if (box && answer && csrf && navigator.mediaDevices?.getUserMedia && window.MediaRecorder) {
  const start = document.getElementById("speak-start");
  const stop = document.getElementById("speak-stop");
  const status = document.getElementById("speak-status");
  let recorder = null;
  box.hidden = false;

  const say = (text) => { status.textContent = text; };

  start.addEventListener("click", async () => {
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      say("The microphone is not available: type your answer below.");
      return;
    }
    const chunks = [];
    recorder = new MediaRecorder(stream);
    recorder.addEventListener("dataavailable", (event) => { if (event.data.size) chunks.push(event.data); });
    recorder.addEventListener("stop", async () => {
      stream.getTracks().forEach((track) => track.stop());
      say("Writing out what you said…");
      const form = new FormData();
      form.append("audio", new Blob(chunks, { type: recorder.mimeType }), "answer");
      try {
        const response = await fetch(box.dataset.url, {
          method: "POST", body: form, headers: { "X-CSRFToken": csrf.value }, credentials: "same-origin",
        });
        const body = await response.json();
        if (!response.ok) throw new Error(body.error || "The answer could not be written out.");
        answer.value = answer.value.trim() ? `${answer.value.trim()} ${body.text}` : body.text;
        say("Here is what you said: read it over, then score it.");
        answer.focus();
      } catch (error) {
        say(error.message || "The answer could not be written out: type it instead.");
      } finally {
        start.hidden = false;
        stop.hidden = true;
      }
    });
    recorder.start();
    start.hidden = true;
    stop.hidden = false;
    say("Listening… answer as you would in the interview.");
  });

  stop.addEventListener("click", () => { if (recorder?.state === "recording") recorder.stop(); });
}
