// The interview room: stage progress, captions, transcript, answers (text) or microphone (voice).
// Data comes from the page (data- attributes and the #room-stages JSON) and the interview socket.

import { InterviewSocket } from "./live/socket.js";
import { RoomState } from "./live/room_state.js";

const root = document.getElementById("room");
const $ = (id) => document.getElementById(id);
const stages = JSON.parse($("room-stages").textContent);
const mode = root.dataset.mode;
const TYPING_EVERY_MS = 5000;
const roomState = new RoomState({ stages, ceilingSeconds: Number(root.dataset.ceilingSeconds) });
const roomStateEls = {
  turn: $("turn-state"), turnWho: $("turn-who"), turnText: $("turn-text"),
  clock: $("room-clock"), stageLeft: $("stage-left"), interviewLeft: $("interview-left"),
};
const renderRoomState = () => roomState.render(roomStateEls);

const state = {
  status: root.dataset.status,
  started: false,
  ended: false,
  driving: null,
  currentStage: null,
  stageEnteredAt: null,
  exited: {},
  lastTyping: 0,
  waitingForReply: false,
};

const ENDINGS = {
  completed: ["Interview complete", "Thank you. Your feedback is being prepared from your answers; it takes a minute or so."],
  candidate_ended: ["You left the interview", "Your feedback is prepared from the answers you gave before leaving."],
  max_duration: ["Time is up", "The interview reached its time limit. Your feedback is being prepared."],
  no_answers: ["The interview ended", "No answers were recorded, so there is little to give feedback on. You can set up a new interview any time."],
  disconnected: ["The interview was closed", "The connection was gone for too long, so the interview was closed."],
  failed: ["Something went wrong", "The interview could not go on. We are sorry: please try again with a new interview."],
};

// -- stage progress ------------------------------------------------------------------------------

function formatSeconds(total) {
  const seconds = Math.max(0, Math.round(total));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function stageItem(name) {
  return document.querySelector(`.stage[data-stage="${CSS.escape(name || "")}"]`);
}

function enterStage(event) {
  const index = event.data.index;
  stages.forEach((stage, i) => {
    const item = stageItem(stage.name);
    if (!item) return;
    if (i < index) item.dataset.state = "done";
    else if (i === index) item.dataset.state = "current";
    if (i === index) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  });
  state.currentStage = event.stage;
  state.stageEnteredAt = Date.parse(event.at);
  tick();
}

function exitStage(event) {
  const item = stageItem(event.stage);
  if (!item) return;
  item.dataset.state = "done";
  state.exited[event.stage] = event.data.seconds;
  item.querySelector('[data-role="time"]').textContent = formatSeconds(event.data.seconds || 0);
}

function tick() {
  if (!state.currentStage || state.ended || state.exited[state.currentStage] !== undefined) return;
  const item = stageItem(state.currentStage);
  const stage = stages.find((s) => s.name === state.currentStage);
  if (!item || !stage) return;
  const left = roomState.timeLeft(Date.now());  // paused time does not count, as in the engine
  const elapsed = left && stage.max_seconds ? stage.max_seconds - left.stage : (Date.now() - state.stageEnteredAt) / 1000;
  const cap = stage.max_seconds ? ` of ${formatSeconds(stage.max_seconds)}` : "";
  item.querySelector('[data-role="time"]').textContent = `${formatSeconds(Math.min(elapsed, (stage.max_seconds || 1e9) + 120))}${cap}`;
}

// -- conversation --------------------------------------------------------------------------------

function addLine(speaker, text, at) {
  const item = document.createElement("li");
  item.className = `line line-${speaker}`;
  const who = document.createElement("span");
  who.className = "line-who";
  who.textContent = speaker === "agent" ? "Interviewer" : "You";
  const body = document.createElement("p");
  body.className = "line-text";
  body.textContent = text;
  item.append(who, body);
  if (at) item.title = new Date(at).toLocaleTimeString();
  const list = $("transcript");
  list.append(item);
  list.scrollTop = list.scrollHeight;
}

const PAUSES = {
  connection_lost: "Paused: the connection was lost. The interview's clock stopped until you were back.",
  logged_out: "Paused: you logged out.",
  worker_lost: "Paused: the interviewer had to reconnect.",
};

function addNote(text, at) {
  const item = document.createElement("li");
  item.className = "line line-note";
  item.textContent = text;
  if (at) item.title = new Date(at).toLocaleTimeString();
  const list = $("transcript");
  list.append(item);
  list.scrollTop = list.scrollHeight;
}

const HINT = "Enter to send · Shift+Enter for a new line";

function showHint(text, kind) {
  const hint = $("answer-hint");
  if (!hint) return;
  hint.textContent = text || HINT;
  hint.classList.toggle("error-text", kind === "error");
  hint.dataset.kind = kind || "";
}

function onNotice(notice) {
  if (notice.code === "saving_retrying") showHint("Saving… retrying", "error");
  else if (notice.code === "saved" && $("answer-hint")?.dataset.kind === "error") showHint();
}

function onAck(clientId, left) {
  const hint = $("answer-hint");
  if (left === 0 && hint?.dataset.kind === "sending") showHint();
}

function showCaption(speaker, text) {
  $("caption").hidden = false;
  $("caption-who").textContent = speaker === "agent" ? "Interviewer" : "You";
  $("caption-text").textContent = text;
  $("caption").dataset.speaker = speaker;
}

function setThinking(on) {
  state.waitingForReply = on;
  $("caption").classList.toggle("thinking", on);  // the question stays readable; the turn state says who is on
}

function onEvent(event) {
  roomState.onEvent(event);
  switch (event.type) {
    case "interview.started":
      showInterview();
      break;
    case "stage.entered":
      enterStage(event);
      break;
    case "stage.exited":
      exitStage(event);
      break;
    case "agent.said":
      setThinking(false);
      showCaption("agent", event.data.text);
      addLine("agent", event.data.text, event.at);
      break;
    case "candidate.said":
      addLine("candidate", event.data.text, event.at);
      if (!state.ended) setThinking(!event.data.thinking);
      break;
    case "interview.paused":
      if (!state.ended) addNote(PAUSES[event.data.reason] || PAUSES.connection_lost, event.at);
      break;
    case "interview.resumed":
      if (!state.ended) addNote("The interview went on where it stopped.", event.at);
      break;
    case "interview.ended":
      end(event);
      break;
    default:
      break;
  }
  renderRoomState();
}

// -- the interview's phases ----------------------------------------------------------------------

function showInterview() {
  if (state.ended) return;
  state.started = true;
  $("intro").hidden = true;
  $("room-actions").hidden = false;
  if (mode === "text") $("answer-form").hidden = false;
  else $("voice-panel").hidden = false;
  updateWatching();
}

function updateWatching() {
  const watching = state.driving === false && state.status === "live" && !state.ended && mode === "text";
  $("watch-note").hidden = !watching;
  const form = $("answer-form");
  if (form) {
    form.querySelectorAll("textarea, button").forEach((el) => { el.disabled = watching || state.ended; });
  }
}

function end(event) {
  state.ended = true;
  setThinking(false);
  const reason = event.data.reason || "completed";
  const [title, text] = ENDINGS[reason] || ENDINGS.completed;
  $("end-title").textContent = title;
  $("end-text").textContent = text;
  $("feedback-link").hidden = reason === "failed" || reason === "disconnected";
  showCounts($("end-facts"));
  $("intro").hidden = true;
  $("room-actions").hidden = true;
  if ($("answer-form")) $("answer-form").hidden = true;
  if ($("voice-panel")) $("voice-panel").hidden = true;
  $("end").hidden = false;
  $("caption").hidden = true;
  stages.forEach((stage) => {
    const item = stageItem(stage.name);
    if (item && item.dataset.state === "current") item.dataset.state = "done";
  });
  voice?.leave();
  $("end").scrollIntoView({ block: "start" });
}

// The end panel shows the report's own numbers, asked of the server (the report's analysis, or the same
// analysis run on the stored events): it never counts for itself, so the two cannot disagree.
async function showCounts(facts) {
  const render = (answered, duration) => {
    facts.replaceChildren();
    [["Questions answered", answered], ["Duration", duration]].forEach(([label, value]) => {
      const dt = document.createElement("dt");
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.textContent = value;
      facts.append(dt, dd);
    });
  };
  facts.hidden = false;
  facts.setAttribute("aria-busy", "true");
  render("counting…", "…");
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    try {
      const response = await fetch(root.dataset.countsUrl, { headers: { Accept: "application/json" } });
      if (response.ok) {
        const counts = await response.json();
        const seconds = counts.duration_seconds;
        render(`${counts.questions_answered} of ${counts.questions_asked}`,
          seconds === null ? "—" : formatSeconds(seconds));
        facts.removeAttribute("aria-busy");
        return;
      }
    } catch (error) {
      // the network blinked: ask again below
    }
    await new Promise((resolve) => { setTimeout(resolve, 1000 * attempt); });
  }
  facts.hidden = true;  // no numbers rather than numbers of our own; the report has them
}

function setConnection(connection) {
  const labels = {
    connecting: "Connecting…", open: "Connected", reconnecting: "Reconnecting…",
    offline: "Offline — retrying", closed: "Disconnected",
  };
  const el = $("conn-state");
  el.dataset.state = connection;
  el.querySelector(".conn-label").textContent = labels[connection] || connection;
  const start = $("start-button");
  if (start) start.disabled = connection !== "open" || state.status !== "ready" || state.started;
}

function onSession(session) {
  // A live interview that went on in text (the candidate chose it here or in another tab when the worker
  // left) is driven by the text room; a ready one is still the candidate's to start in voice, unless
  // they asked for text here.
  if (session.mode === "text" && (state.switchingToText || (mode === "voice" && session.status === "live"))) {
    openTextRoom();
    return;
  }
  state.status = session.status;
  state.driving = session.driving;
  if (session.status === "live" && !state.started) showInterview();
  const start = $("start-button");
  if (start) start.disabled = session.status !== "ready" || state.started;
  if (["completed", "abandoned", "failed"].includes(session.status) && !state.ended && session.last_seq === socket.lastSeq) {
    end({ data: { reason: session.end_reason || "completed" }, at: new Date().toISOString() });
  }
  updateWatching();
}

function onError(error) {
  if (error.code === "not_voice" && state.switchingToText) {
    openTextRoom();  // it is a text interview already
  } else if (error.code === "not_driving") {
    state.driving = false;
    updateWatching();
  } else if ($("answer-hint")) {
    showHint(error.message, "error");
    window.setTimeout(() => { if ($("answer-hint").textContent === error.message) showHint(); }, 5000);
  }
}

function onLoggedOut() {
  addNote("You logged out: the interview is paused. Log in again to go on.");
  if ($("answer-form")) $("answer-form").querySelectorAll("textarea, button").forEach((el) => { el.disabled = true; });
}

// -- the voice interviewer coming and going -------------------------------------------------------

const AGENT_NOTES = {
  left: "The interviewer left the room. The interview is paused until it is back (usually within a minute), or go on in text.",
  missing: "The interviewer has not joined yet. Keep waiting, or go on in text.",
  error: "The interviewer could not start.",
};

function onAgent(what, detail) {
  if (state.ended) return;
  const offer = $("text-instead");
  $("voice-panel").dataset.agent = what;
  if (what === "joined") {
    if (state.agentAway) addNote("The interviewer is back.");
    state.agentAway = false;
    if (offer) offer.hidden = true;
    return;
  }
  if (state.agentAway === what) return;
  state.agentAway = what;
  addNote(what === "error" && detail ? `${AGENT_NOTES.error} ${detail}` : AGENT_NOTES[what]);
  if (what === "left") socket.send({ type: "agent_left" });
  if (offer) offer.hidden = false;
}

function openTextRoom() {
  const url = new URL(window.location.href);
  url.searchParams.delete("mode");
  window.location.assign(url.toString());  // the interview goes on in text: the text room drives it
}

async function goOnInText() {
  state.switchingToText = true;  // a new interview's mode is text until its first token: only a switch we asked for reloads
  await voice?.leave();
  socket.send({ type: "switch_to_text" });
}

// -- wiring --------------------------------------------------------------------------------------

const socket = new InterviewSocket(root.dataset.socketUrl, {
  onEvent, onSession, onError, onNotice, onAck, onLoggedOut, onState: setConnection,
});
let voice = null;

$("start-button")?.addEventListener("click", async () => {
  $("start-button").disabled = true;
  if (mode === "voice") {
    const { VoiceRoom } = await import("./live/voice.js");
    voice = new VoiceRoom({
      tokenUrl: root.dataset.tokenUrl,
      csrf: root.dataset.csrf,
      vendorUrl: root.dataset.vendorLivekit,
      onState: (connection) => { $("voice-note").textContent = `Voice: ${connection}`; },
      onAgent,
      onMic: (mic) => {
        const el = $("mic-state");
        el.dataset.state = mic;
        el.querySelector(".mic-label").textContent = { on: "Microphone on", muted: "Microphone muted", off: "Microphone off" }[mic];
      },
    });
    showInterview();
    try {
      await voice.join();
    } catch (error) {
      $("voice-note").textContent = error.message || "Could not join the voice interview.";
      $("voice-note").classList.add("error-text");
    }
    return;
  }
  socket.send({ type: "start" });
  showInterview();
  $("answer-text").focus();
});

const form = $("answer-form");
if (form) {
  const textarea = $("answer-text");
  const submit = () => {
    const text = textarea.value.trim();
    if (!text || state.ended) return;
    socket.sendAnswer(text);
    if (socket.ws?.readyState !== WebSocket.OPEN) showHint("Not connected: your answer is kept and sent on reconnect", "sending");
    textarea.value = "";
    state.lastTyping = 0;
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  textarea.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  textarea.addEventListener("input", () => {
    const now = Date.now();
    if (textarea.value.trim() && now - state.lastTyping >= TYPING_EVERY_MS) {
      state.lastTyping = now;
      socket.send({ type: "typing" });
    }
  });
}

$("text-instead")?.addEventListener("click", goOnInText);

const dialog = $("leave-dialog");
$("leave-button").addEventListener("click", () => dialog.showModal());
dialog.addEventListener("close", () => {
  if (dialog.returnValue !== "leave") return;
  if (mode === "voice" && voice) voice.leave();
  socket.send({ type: "leave" });
});

window.setInterval(() => { tick(); renderRoomState(); }, 1000);
window.addEventListener("pagehide", () => socket.close());
window.addEventListener("pageshow", (event) => { if (event.persisted) socket.connect(); });
socket.connect();
