// What the room shows beside the conversation, from the interview's events alone: whose turn it is
// (the interviewer waiting for an answer, holding the floor while the candidate thinks, or working on
// its reply) and the time left in the stage and in the interview. Time with nobody driving (paused)
// does not count, as in the engine. room.js feeds events in and calls render() every second.

const TURNS = {
  idle: { who: "", text: "" },
  waiting: { who: "Your turn", text: "The interviewer is waiting for your answer." },
  holding: { who: "Your turn", text: "Take your time — I'm listening." },
  thinking: { who: "Interviewer", text: "Thinking about your answer…" },
  paused: { who: "Paused", text: "Nobody is driving the interview right now; no time passes for you." },
  ended: { who: "", text: "" },
};

export function clockText(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export function minutesText(seconds) {
  if (seconds < 60) return "under a minute";
  const minutes = Math.ceil(seconds / 60);
  return `about ${minutes} min`;
}

export class RoomState {
  constructor({ stages, ceilingSeconds }) {
    this.stages = stages;
    this.ceiling = ceilingSeconds || null;
    this.turn = "idle";
    this.beforePause = "idle";
    this.stageIndex = -1;
    this.stageEnteredAt = null; // ms
    this.stagePaused = 0; // ms paused since the stage began
    this.startedAt = null;
    this.paused = 0; // ms paused since the interview began
    this.pausedAt = null;
    this.ended = false;
  }

  onEvent(event) {
    const at = Date.parse(event.at);
    switch (event.type) {
      case "interview.started":
        this.startedAt = at;
        break;
      case "stage.entered":
        this.stageIndex = event.data.index;
        this.stageEnteredAt = at;
        this.stagePaused = 0;
        if (this.startedAt === null) this.startedAt = at;
        break;
      case "agent.said":
        this.setTurn("waiting");
        break;
      case "candidate.said":
        this.setTurn(event.data.thinking ? "holding" : "thinking");
        break;
      case "interview.paused":
        if (this.pausedAt === null) {
          this.pausedAt = at;
          this.beforePause = this.turn;
          this.turn = "paused";
        }
        break;
      case "interview.resumed":
        if (this.pausedAt !== null) {
          const gap = Math.max(0, at - this.pausedAt);
          this.paused += gap;
          if (this.stageEnteredAt !== null && this.stageEnteredAt <= this.pausedAt) this.stagePaused += gap;
          this.pausedAt = null;
          this.turn = this.beforePause;
        }
        break;
      case "interview.ended":
        this.ended = true;
        this.turn = "ended";
        break;
      default:
        break;
    }
  }

  setTurn(turn) {
    if (this.ended) return;
    if (this.pausedAt !== null) this.beforePause = turn;
    else this.turn = turn;
  }

  // Seconds left in the current stage (negative once past its cap) and in the whole interview.
  timeLeft(now) {
    if (this.stageIndex < 0 || this.stageEnteredAt === null || this.ended) return null;
    const clock = this.pausedAt !== null ? this.pausedAt : now;
    const stage = this.stages[this.stageIndex] || {};
    const inStage = (clock - this.stageEnteredAt - this.stagePaused) / 1000;
    const stageLeft = (stage.max_seconds || 0) - inStage;
    const later = this.stages.slice(this.stageIndex + 1).reduce((sum, s) => sum + (s.max_seconds || 0), 0);
    let interviewLeft = Math.max(0, stageLeft) + later;
    if (this.ceiling && this.startedAt !== null) {
      interviewLeft = Math.min(interviewLeft, this.ceiling - (clock - this.startedAt - this.paused) / 1000);
    }
    return { stage: stageLeft, interview: Math.max(0, interviewLeft) };
  }

  render(els, now = Date.now()) {
    const turn = TURNS[this.turn] || TURNS.idle;
    els.turn.dataset.state = this.turn;
    els.turn.hidden = !turn.text;
    els.turnWho.textContent = turn.who;
    els.turnText.textContent = turn.text;
    const left = this.timeLeft(now);
    els.clock.hidden = left === null;
    if (left === null) return;
    els.clock.dataset.over = left.stage < 0 ? "true" : "false";
    els.stageLeft.textContent = left.stage < 0 ? "time is up: finishing this answer" : `${clockText(left.stage)} left`;
    els.interviewLeft.textContent = `${minutesText(left.interview)} left`;
  }
}
