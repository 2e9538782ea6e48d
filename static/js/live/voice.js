// Voice mode: ask the server for a LiveKit token, join the room, publish the microphone only.
// livekit-client is vendored under static/vendor/livekit-client/ (see its VERSION file).
// The interviewer is an agent participant: `onAgent` hears "joined", "left" (it went away while we
// stayed), "missing" (none joined within AGENT_WAIT_MS) and "error" (the worker could not start the
// job and said why on the `mockflow` data topic).

export const AGENT_WAIT_MS = 15000;

export async function requestToken(tokenUrl, csrf) {
  const response = await fetch(tokenUrl, {
    method: "POST",
    credentials: "same-origin",
    headers: { "X-CSRFToken": csrf, Accept: "application/json" },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.detail || "The server could not start the voice interview.");
  return body;
}

export class VoiceRoom {
  constructor({ tokenUrl, csrf, vendorUrl, onState, onMic, onAgent = () => {} }) {
    Object.assign(this, { tokenUrl, csrf, vendorUrl, onState, onMic, onAgent });
    this.room = null;
    this.leaving = false;
    this.agentWait = null;
  }

  watchAgent(LK, room) {
    const isAgent = (participant) => Boolean(participant?.isAgent);
    const present = () => [...room.remoteParticipants.values()].some(isAgent);
    room.on(LK.RoomEvent.ParticipantConnected, (participant) => {
      if (!isAgent(participant)) return;
      window.clearTimeout(this.agentWait);
      this.onAgent("joined");
    });
    room.on(LK.RoomEvent.ParticipantDisconnected, (participant) => {
      if (isAgent(participant) && !this.leaving && !present()) this.onAgent("left");
    });
    room.on(LK.RoomEvent.DataReceived, (payload, participant, kind, topic) => {
      if (topic !== "mockflow") return;
      try {
        const message = JSON.parse(new TextDecoder().decode(payload));
        if (message.type === "agent.error") this.onAgent("error", message.message);
      } catch { /* not ours */ }
    });
    window.clearTimeout(this.agentWait);
    this.agentWait = window.setTimeout(() => { if (!present() && !this.leaving) this.onAgent("missing"); }, AGENT_WAIT_MS);
  }

  async join() {
    const LK = await import(this.vendorUrl);
    const { token, url } = await requestToken(this.tokenUrl, this.csrf);
    const room = new LK.Room({ adaptiveStream: true, dynacast: true });
    this.room = room;
    room.on(LK.RoomEvent.ConnectionStateChanged, (state) => this.onState(String(state)));
    room.on(LK.RoomEvent.TrackSubscribed, (track) => {
      if (track.kind === "audio") {
        const element = track.attach();
        element.hidden = true;
        document.body.appendChild(element);
      }
    });
    room.on(LK.RoomEvent.TrackUnsubscribed, (track) => track.detach().forEach((el) => el.remove()));
    room.on(LK.RoomEvent.LocalTrackPublished, () => this.onMic("on"));
    room.on(LK.RoomEvent.TrackMuted, (publication, participant) => {
      if (participant === room.localParticipant) this.onMic("muted");
    });
    room.on(LK.RoomEvent.TrackUnmuted, (publication, participant) => {
      if (participant === room.localParticipant) this.onMic("on");
    });
    room.on(LK.RoomEvent.Disconnected, () => {
      this.onMic("off");
      // A token lasts ten minutes: a client that reconnects asks for a new one.
      if (!this.leaving) window.setTimeout(() => this.join().catch((error) => this.onState("failed", error)), 2000);
    });
    this.watchAgent(LK, room);
    await room.connect(url, token);
    await room.localParticipant.setMicrophoneEnabled(true);
    return room;
  }

  async leave() {
    this.leaving = true;
    window.clearTimeout(this.agentWait);
    if (this.room) await this.room.disconnect();
  }
}
