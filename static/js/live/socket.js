// The interview socket: resumes from the last event seen, reconnects with backoff, never loses an answer.
//
// Events ({id, seq, type, stage, at, data}) are handed over in seq order exactly once; a gap makes
// the socket ask the server again (`resume`) instead of skipping. Messages sent while the socket
// is down wait and go out, in order, after the next resume. Answers carry a `client_id` and are
// kept until the server acknowledges them (`answer.ack`): after a reconnect every unacknowledged
// answer is sent again, and the server stores each id once.

export class InterviewSocket {
  constructor(path, handlers) {
    this.url = new URL(path, window.location.href);
    this.url.protocol = this.url.protocol === "https:" ? "wss:" : "ws:";
    this.handlers = handlers;
    this.lastSeq = 0;
    this.outbox = [];
    this.unacked = new Map(); // client_id -> answer message, until the server has stored it
    this.attempt = 0;
    this.closed = false;
    this.ws = null;
    this.timer = null;
  }

  connect() {
    this.closed = false;
    this.setState(this.attempt === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.setState("open");
      ws.send(JSON.stringify({ type: "resume", last_seq: this.lastSeq }));
      const waiting = this.outbox.splice(0);
      waiting.forEach((message) => ws.send(JSON.stringify(message)));
      this.unacked.forEach((message) => ws.send(JSON.stringify(message)));
    });
    ws.addEventListener("message", (message) => this.receive(message.data));
    ws.addEventListener("close", (closing) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (closing.code === 4401) {
        // Logged out (here or in another tab): the interview is paused; nothing to reconnect to.
        this.closed = true;
        this.handlers.onLoggedOut?.();
      }
      if (this.closed) {
        this.setState("closed");
        return;
      }
      this.attempt += 1;
      const delay = Math.min(10000, 500 * 2 ** Math.min(this.attempt - 1, 5)) * (0.75 + Math.random() / 2);
      this.setState(this.attempt > 6 ? "offline" : "reconnecting");
      this.timer = window.setTimeout(() => this.connect(), delay);
    });
  }

  receive(raw) {
    let message;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message.seq === "number") {
      if (message.seq <= this.lastSeq) return; // already shown
      if (message.seq > this.lastSeq + 1) {
        // Never skip: ask for what is missing.
        this.sendNow({ type: "resume", last_seq: this.lastSeq });
        return;
      }
      this.lastSeq = message.seq;
      this.handlers.onEvent?.(message);
    } else if (message.type === "session") {
      this.handlers.onSession?.(message);
    } else if (message.type === "answer.ack") {
      if (this.unacked.delete(message.client_id)) this.handlers.onAck?.(message.client_id, this.unacked.size);
    } else if (message.type === "notice") {
      this.handlers.onNotice?.(message);
    } else if (message.type === "error") {
      this.handlers.onError?.(message);
    }
  }

  sendAnswer(text) {
    const clientId = newClientId();
    const message = { type: "answer", text, client_id: clientId };
    this.unacked.set(clientId, message);
    this.sendNow(message); // or, if the socket is down, at the next open (with every other unacknowledged one)
    return clientId;
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
    } else if (message.type !== "typing") {
      this.outbox.push(message);
    }
  }

  sendNow(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  close() {
    this.closed = true;
    window.clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }

  setState(state) {
    this.handlers.onState?.(state);
  }
}

function newClientId() {
  if (window.crypto?.randomUUID) return window.crypto.randomUUID();
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
