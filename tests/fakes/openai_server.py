"""A scripted OpenAI-compatible chat server for tests.

Clients reach it through their real base URL option (``openai.OpenAI(base_url=server.base_url)``,
``livekit.plugins.openai.LLM(base_url=...)``). A test scripts what comes back:

    server.queue(text="Tell me about yourself.")
    server.queue(tool_calls=[{"name": "ask_question", "arguments": {"question": "...", "competency": "x"}}])
    server.queue(json={"strengths": []})                     # content is this JSON
    server.queue(status=500)                                  # an error status (the SDK may retry)
    server.queue(error="timeout", delay=30)                   # hang, then drop the connection
    server.responder = lambda request_json: {"text": "..."}   # when the queue is empty

``/audio/speech`` (text to speech) answers with a little silence per word; ``speech_requests`` lists
what was spoken. ``/audio/transcriptions`` (speech to text) answers ``server.transcript``, whatever the audio.

Queued replies are used first, in order, one per chat request; then the responder; then
``server.default``. With none of them, the server answers 400 "no reply scripted", so a test that
forgets to script a reply fails loudly. Every request is kept in ``server.requests``.

Run it on its own with ``python -m tests.fakes.openai_server --port 8765`` (``--echo`` replies by
echoing the last user message). Another process can script it over HTTP: ``POST /_fake/queue``
with a reply spec (or a list of them), ``GET /_fake/requests``, ``POST /_fake/reset``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.fakes._http import CONTROL_PREFIX, FakeHTTPServer, RecordedRequest, Response, _Writer

DEFAULT_MODEL = "fake-gpt"
ERROR_MODES = ("timeout", "disconnect", "disconnect_mid_stream")
# `/audio/speech` answers with silence this long a word (raw PCM at the rate OpenAI's TTS uses).
SPEECH_SECONDS_PER_WORD = 0.02
SPEECH_SAMPLE_RATE = 24_000


@dataclass
class Reply:
    """One scripted answer to a chat completion request."""

    text: str | None = None
    # [{"name": ..., "arguments": dict or JSON text, "id": optional call id}]
    tool_calls: list[dict[str, Any]] | None = None
    # Serialised as the message content (for response_format requests).
    json: Any = None
    status: int = 200
    # For a status >= 400, the error message. Or one of ERROR_MODES: "timeout" waits ``delay``
    # seconds (default 60) and drops the connection; "disconnect" drops it at once;
    # "disconnect_mid_stream" streams half the reply and drops it.
    error: str | None = None
    delay: float = 0.0
    # Extra wait between stream chunks.
    chunk_delay: float = 0.0
    finish_reason: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    # A raw body for an error status, instead of the OpenAI error envelope.
    body: Any = None
    usage: dict[str, int] | None = None

    @classmethod
    def coerce(cls, spec: Reply | dict[str, Any] | str) -> Reply:
        if isinstance(spec, Reply):
            return spec
        if isinstance(spec, str):
            return cls(text=spec)
        return cls(**spec)

    def content(self) -> str | None:
        if self.json is not None:
            return json.dumps(self.json)
        return self.text


Responder = Callable[[dict[str, Any]], "Reply | dict[str, Any] | str | None"]


@dataclass
class ChatRequest:
    """Convenience view of a recorded chat completion request."""

    raw: RecordedRequest

    @property
    def json(self) -> dict[str, Any]:
        return self.raw.json or {}

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.json.get("messages", [])

    @property
    def tools(self) -> list[dict[str, Any]]:
        return self.json.get("tools", [])

    @property
    def tool_names(self) -> list[str]:
        return [t.get("function", {}).get("name") for t in self.tools]

    @property
    def stream(self) -> bool:
        return bool(self.json.get("stream"))

    @property
    def last_user_text(self) -> str:
        for message in reversed(self.messages):
            if message.get("role") == "user":
                return _text_of(message.get("content"))
        return ""


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


def _split_words(text: str) -> list[str]:
    pieces = re.findall(r"\s*\S+\s*", text)
    return pieces or [text]


def _split_fixed(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


class FakeOpenAI(FakeHTTPServer):
    """The scripted OpenAI-compatible server. See the module docstring."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, models: tuple[str, ...] = (DEFAULT_MODEL,)):
        super().__init__(host, port)
        self.models = list(models)
        self.responder: Responder | None = None
        self.default: Reply | None = None
        self.api_key: str | None = None  # when set, other bearer tokens get a 401
        self.transcript = "I would measure it first, then change one thing at a time."  # /audio/transcriptions
        self._replies: deque[Reply] = deque()
        self._ids = itertools.count(1)
        self._reply_lock = threading.Lock()

    # scripting -----------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"{self.url}/v1"

    def queue(self, spec: Reply | dict[str, Any] | str | None = None, **kwargs: Any) -> Reply:
        """Queue one reply: ``queue(text=...)``, ``queue(tool_calls=[...])``, ``queue(status=500)``."""
        reply = Reply.coerce(spec) if spec is not None else Reply(**kwargs)
        if reply.error in ERROR_MODES or reply.status >= 400:
            pass
        elif reply.text is None and reply.tool_calls is None and reply.json is None:
            raise ValueError("a reply needs text, tool_calls, json, an error status or an error mode")
        with self._reply_lock:
            self._replies.append(reply)
        return reply

    def respond_with(self, responder: Responder | None) -> None:
        self.responder = responder

    @property
    def pending(self) -> int:
        """Queued replies not yet used."""
        with self._reply_lock:
            return len(self._replies)

    def reset(self) -> None:
        with self._reply_lock:
            self._replies.clear()
        with self._lock:
            self.requests.clear()
        self.responder = None
        self.default = None

    @property
    def chat_requests(self) -> list[ChatRequest]:
        with self._lock:
            recorded = list(self.requests)
        return [ChatRequest(r) for r in recorded if r.path.rstrip("/").endswith("/chat/completions")]

    @property
    def last_chat(self) -> ChatRequest:
        chats = self.chat_requests
        assert chats, "no chat completion request was made"
        return chats[-1]

    # serving -------------------------------------------------------------------------------
    def handle(self, request: RecordedRequest, writer: _Writer) -> None:
        path = request.path.split("?", 1)[0].rstrip("/")
        if path.startswith(CONTROL_PREFIX.rstrip("/")):
            return self._control(request, path, writer)
        if self.api_key is not None and request.authorization != f"Bearer {self.api_key}":
            return writer.send(_error(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key"))
        if request.method == "GET" and path.endswith("/models"):
            return writer.send(Response(body=self._models_body()))
        if request.method == "POST" and path.endswith("/chat/completions"):
            if not isinstance(request.json, dict):
                return writer.send(_error(400, "The request body is not valid JSON.", "invalid_request_error"))
            return self._chat(request.json, writer)
        if request.method == "POST" and path.endswith("/audio/speech") and isinstance(request.json, dict):
            return writer.send(self._speech(request.json))
        if request.method == "POST" and path.endswith("/audio/transcriptions"):
            return writer.send(Response(body={"text": self.transcript}))
        writer.send(_error(404, f"fake-openai: no route for {request.method} {path}", "invalid_request_error"))

    def _speech(self, body: dict[str, Any]) -> Response:
        """Silence as raw 24 kHz 16-bit PCM, SPEECH_SECONDS_PER_WORD a word of the input."""
        seconds = max(1, len(_split_words(str(body.get("input") or "")))) * SPEECH_SECONDS_PER_WORD
        return Response(body=bytes(2 * int(SPEECH_SAMPLE_RATE * seconds)), headers={"Content-Type": "audio/pcm"})

    @property
    def speech_requests(self) -> list[str]:
        """The texts sent to `/audio/speech`, in order."""
        with self._lock:
            recorded = list(self.requests)
        return [str(r.json.get("input")) for r in recorded
                if r.path.rstrip("/").endswith("/audio/speech") and isinstance(r.json, dict)]

    def _models_body(self) -> dict[str, Any]:
        return {
            "object": "list",
            "data": [{"id": m, "object": "model", "created": 0, "owned_by": "fake"} for m in self.models],
        }

    def _next_reply(self, body: dict[str, Any]) -> Reply | None:
        with self._reply_lock:
            if self._replies:
                return self._replies.popleft()
        if self.responder is not None:
            spec = self.responder(body)
            if spec is not None:
                return Reply.coerce(spec)
        return self.default

    def _chat(self, body: dict[str, Any], writer: _Writer) -> None:
        try:
            reply = self._next_reply(body)
        except Exception as exc:  # a broken responder is a test bug: say so in the response
            return writer.send(_error(500, f"fake-openai responder raised {exc!r}", "server_error"))
        if reply is None:
            return writer.send(
                _error(400, "fake-openai: no reply scripted for this request", "invalid_request_error")
            )
        if reply.error in ("timeout", "disconnect"):
            if reply.error == "timeout":
                self.sleep(reply.delay or 60.0)
            return writer.drop()
        if self.sleep(reply.delay):
            return writer.drop()
        if reply.status >= 400:
            if reply.body is not None:
                return writer.send(Response(status=reply.status, body=reply.body, headers=reply.headers))
            kind = "server_error" if reply.status >= 500 else "invalid_request_error"
            response = _error(reply.status, reply.error or f"fake error {reply.status}", kind)
            response.headers.update(reply.headers)
            return writer.send(response)
        model = body.get("model") or DEFAULT_MODEL
        completion_id = f"chatcmpl-fake{next(self._ids)}"
        if body.get("stream"):
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            return self._stream(reply, model, completion_id, include_usage, body, writer)
        writer.send(Response(body=self._completion(reply, model, completion_id, body), headers=reply.headers))

    def _tool_calls(self, reply: Reply) -> list[dict[str, Any]]:
        calls = []
        for call in reply.tool_calls or []:
            arguments = call.get("arguments", {})
            if not isinstance(arguments, str):
                arguments = json.dumps(arguments)
            calls.append(
                {
                    "id": call.get("id") or f"call_fake{next(self._ids)}",
                    "type": "function",
                    "function": {"name": call["name"], "arguments": arguments},
                }
            )
        return calls

    def _finish_reason(self, reply: Reply) -> str:
        return reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")

    def _usage(self, reply: Reply, body: dict[str, Any] | None = None) -> dict[str, int]:
        if reply.usage is not None:
            return reply.usage
        prompt = sum(len(_text_of(m.get("content")).split()) for m in (body or {}).get("messages", []))
        completion = len((reply.content() or "").split()) + 10 * len(reply.tool_calls or [])
        return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}

    def _completion(self, reply: Reply, model: str, completion_id: str, body: dict[str, Any]) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.content(), "refusal": None}
        calls = self._tool_calls(reply)
        if calls:
            message["tool_calls"] = calls
        return {
            "id": completion_id,
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model,
            "choices": [
                {"index": 0, "message": message, "finish_reason": self._finish_reason(reply), "logprobs": None}
            ],
            "usage": self._usage(reply, body),
        }

    def _stream(
        self,
        reply: Reply,
        model: str,
        completion_id: str,
        include_usage: bool,
        body: dict[str, Any],
        writer: _Writer,
    ) -> None:
        created = int(time.time())

        def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
            return {
                "id": completion_id,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason, "logprobs": None}],
            }

        events: list[dict[str, Any]] = []
        content = reply.content()
        calls = self._tool_calls(reply)
        if content:
            events.append(chunk({"role": "assistant", "content": ""}))
            events.extend(chunk({"content": piece}) for piece in _split_words(content))
        for index, call in enumerate(calls):
            # The OpenAI way: the first chunk of a call has its id and name, then the arguments
            # arrive in fragments that only the index ties together.
            first: dict[str, Any] = {
                "tool_calls": [
                    {
                        "index": index,
                        "id": call["id"],
                        "type": "function",
                        "function": {"name": call["function"]["name"], "arguments": ""},
                    }
                ]
            }
            if index == 0 and not content:
                first = {"role": "assistant", "content": None, **first}
            events.append(chunk(first))
            for fragment in _split_fixed(call["function"]["arguments"], 7):
                events.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": fragment}}]}))
        events.append(chunk({}, self._finish_reason(reply)))
        if include_usage:
            events.append({**chunk({}), "choices": [], "usage": self._usage(reply, body)})

        cut_at = len(events) // 2 if reply.error == "disconnect_mid_stream" else None
        writer.start_stream()
        for position, event in enumerate(events):
            if cut_at is not None and position == cut_at:
                return writer.drop()
            writer.write_chunk(b"data: " + json.dumps(event).encode() + b"\n\n")
            if reply.chunk_delay and self.sleep(reply.chunk_delay):
                return writer.drop()
        writer.write_chunk(b"data: [DONE]\n\n")
        writer.end_stream()

    def _control(self, request: RecordedRequest, path: str, writer: _Writer) -> None:
        action = path[len(CONTROL_PREFIX) :]
        if action == "queue" and request.method == "POST":
            specs = request.json if isinstance(request.json, list) else [request.json]
            try:
                for spec in specs:
                    self.queue(spec)
            except (TypeError, ValueError) as exc:
                return writer.send(Response(status=400, body={"error": str(exc)}))
            return writer.send(Response(body={"queued": len(specs), "pending": self.pending}))
        if action == "requests" and request.method == "GET":
            return writer.send(Response(body=[r.json for r in self.chat_requests]))
        if action == "reset" and request.method == "POST":
            self.reset()
            return writer.send(Response(body={"ok": True}))
        writer.send(Response(status=404, body={"error": f"no control action {action!r}"}))


def _error(status: int, message: str, kind: str, code: str | None = None) -> Response:
    return Response(
        status=status, body={"error": {"message": message, "type": kind, "param": None, "code": code}}
    )


def echo_responder(body: dict[str, Any]) -> Reply:
    """Reply with the last user message, for running the server by hand."""
    last = ""
    for message in reversed(body.get("messages", [])):
        if message.get("role") == "user":
            last = _text_of(message.get("content"))
            break
    return Reply(text=f"You said: {last}" if last else "Hello from the fake OpenAI server.")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Run the fake OpenAI-compatible server.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--echo", action="store_true", help="echo the last user message when nothing is queued")
    parser.add_argument("--script", help="a JSON file with a list of reply specs to queue")
    args = parser.parse_args(argv)
    server = FakeOpenAI(args.host, args.port)
    if args.echo:
        server.responder = echo_responder
    if args.script:
        with open(args.script) as fh:
            for spec in json.load(fh):
                server.queue(spec)
    server.start()
    print(f"fake OpenAI server on {server.base_url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
