"""A small LiveKit server (SFU) stand-in for browser tests: signalling and one peer connection.

No LiveKit server can be installed here, so the page's real client (the vendored livekit-client,
`static/js/live/voice.js`) joins this one instead. It speaks LiveKit's signalling protocol with the
protobufs of `livekit-protocol` (installed with livekit-api) over a WebSocket at `/rtc/v1`: it checks
the access token with livekit-api's `TokenVerifier`, answers the publisher offer that comes with the
join request through aiortc (a real WebRTC peer connection: ICE, DTLS, SCTP data channels), takes
trickled candidates and renegotiations, publishes the microphone track when asked, and answers pings.
It forwards no media. A test plays the agent from outside:

    server.agent_joins(room)          # an agent participant (kind AGENT) joins: ParticipantUpdate
    server.agent_leaves(room)         # ... and leaves (state DISCONNECTED)
    server.agent_sends(room, topic, payload)  # a reliable data packet from the agent, on the data channel
    server.joined(room)               # the candidates connected (their identities), once the transport is up

It runs in its own thread with its own event loop; the methods above are safe from any thread.
"""

from __future__ import annotations

import asyncio
import base64
import gzip
import json
import secrets
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web
from aiortc import RTCPeerConnection, RTCSessionDescription
from aiortc.sdp import candidate_from_sdp
from livekit.api import TokenVerifier
from livekit.protocol import models, rtc

SERVER_VERSION = "1.9.0"
AGENT_IDENTITY = "agent-interviewer"


def _sid(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(6)}"


@dataclass
class Client:
    """One participant connected over signalling, with its peer connection."""

    identity: str
    info: models.ParticipantInfo
    ws: web.WebSocketResponse
    pc: RTCPeerConnection
    channels: dict[str, Any] = field(default_factory=dict)
    connected: asyncio.Event = field(default_factory=asyncio.Event)

    async def send(self, response: rtc.SignalResponse) -> None:
        if not self.ws.closed:
            await self.ws.send_bytes(response.SerializeToString())


@dataclass
class Room:
    name: str
    sid: str = field(default_factory=lambda: _sid("RM"))
    clients: dict[str, Client] = field(default_factory=dict)
    agents: dict[str, models.ParticipantInfo] = field(default_factory=dict)


class FakeLiveKitServer:
    def __init__(self, api_key: str, api_secret: str) -> None:
        self.verifier = TokenVerifier(api_key, api_secret)
        self.rooms: dict[str, Room] = {}
        self.refused: list[str] = []  # why joins were refused
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True, name="fake-livekit")
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- life cycle ------------------------------------------------------------------------------

    def start(self) -> FakeLiveKitServer:
        self._thread.start()
        self._call(self._start())
        return self

    def stop(self) -> None:
        self._call(self._stop())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def _call(self, coroutine: Any, timeout: float = 15) -> Any:
        future: Future[Any] = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        return future.result(timeout)

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_get("/rtc/v1", self._signal)
        app.router.add_get("/rtc/v1/validate", self._validate)
        app.router.add_get("/rtc/validate", self._validate)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def _stop(self) -> None:
        for room in self.rooms.values():
            for client in list(room.clients.values()):
                await client.pc.close()
                await client.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- what a test does --------------------------------------------------------------------------

    def joined(self, room: str) -> list[str]:
        """Identities of the participants whose peer connection is up in `room`."""
        found = self.rooms.get(room)
        return [c.identity for c in found.clients.values() if c.connected.is_set()] if found else []

    def wait_joined(self, room: str, timeout: float = 15) -> list[str]:
        deadline = time.monotonic() + timeout
        while not self.joined(room):
            if time.monotonic() > deadline:
                raise TimeoutError(f"nobody's transport connected in {room} (refused: {self.refused})")
            time.sleep(0.05)
        return self.joined(room)

    def agent_joins(self, room: str, identity: str = AGENT_IDENTITY) -> None:
        self._call(self._agent_joins(room, identity))

    def agent_leaves(self, room: str, identity: str = AGENT_IDENTITY) -> None:
        self._call(self._agent_leaves(room, identity))

    def agent_sends(self, room: str, topic: str, payload: bytes, identity: str = AGENT_IDENTITY) -> None:
        self._call(self._agent_sends(room, topic, payload, identity))

    async def _agent_joins(self, name: str, identity: str) -> None:
        room = self.rooms.setdefault(name, Room(name))
        info = models.ParticipantInfo(sid=_sid("PA"), identity=identity, name="Interviewer",
                                      state=models.ParticipantInfo.ACTIVE, kind=models.ParticipantInfo.AGENT,
                                      joined_at=int(time.time()), is_publisher=True)
        room.agents[identity] = info
        await self._broadcast(room, info)

    async def _agent_leaves(self, name: str, identity: str) -> None:
        room = self.rooms[name]
        info = room.agents.pop(identity)
        left = models.ParticipantInfo()
        left.CopyFrom(info)
        left.state = models.ParticipantInfo.DISCONNECTED
        await self._broadcast(room, left)

    async def _agent_sends(self, name: str, topic: str, payload: bytes, identity: str) -> None:
        room = self.rooms[name]
        info = room.agents[identity]
        packet = models.DataPacket(kind=models.DataPacket.RELIABLE, participant_identity=identity,
                                   participant_sid=info.sid,
                                   user=models.UserPacket(participant_sid=info.sid, participant_identity=identity,
                                                          payload=payload, topic=topic))
        for client in room.clients.values():
            channel = client.channels.get("_reliable")
            if channel is None:
                raise RuntimeError(f"{client.identity} has no reliable data channel open")
            channel.send(packet.SerializeToString())

    async def _broadcast(self, room: Room, info: models.ParticipantInfo) -> None:
        update = rtc.SignalResponse(update=rtc.ParticipantUpdate(participants=[info]))
        for client in room.clients.values():
            await client.send(update)

    # -- signalling ---------------------------------------------------------------------------------

    async def _validate(self, request: web.Request) -> web.Response:
        try:
            self.verifier.verify(request.query.get("access_token", ""))
        except Exception as error:  # the real server answers 401 with the reason
            return web.Response(status=401, text=str(error))
        return web.Response(text="success")

    async def _signal(self, request: web.Request) -> web.StreamResponse:
        try:
            claims = self.verifier.verify(request.query.get("access_token", ""))
        except Exception as error:
            self.refused.append(f"token: {error}")
            return web.Response(status=401, text=str(error))
        grants = claims.video
        if grants is None or not grants.room_join or not grants.room:
            self.refused.append("token without room_join")
            return web.Response(status=401, text="no room_join grant")
        join = _join_request(request.query.get("join_request", ""))

        ws = web.WebSocketResponse()
        await ws.prepare(request)
        room = self.rooms.setdefault(grants.room, Room(grants.room))
        info = models.ParticipantInfo(sid=_sid("PA"), identity=claims.identity, name=claims.name or "",
                                      state=models.ParticipantInfo.JOINED, kind=models.ParticipantInfo.STANDARD,
                                      joined_at=int(time.time()), permission=models.ParticipantPermission(
                                          can_subscribe=True, can_publish=True,
                                          can_publish_sources=[models.TrackSource.MICROPHONE]))
        client = Client(claims.identity, info, ws, RTCPeerConnection())
        self._watch(client)
        room.clients[claims.identity] = client
        try:
            await client.send(rtc.SignalResponse(join=rtc.JoinResponse(
                room=models.Room(sid=room.sid, name=room.name, creation_time=int(time.time())),
                participant=info, other_participants=list(room.agents.values()),
                server_version=SERVER_VERSION, server_info=models.ServerInfo(version=SERVER_VERSION, protocol=16),
                subscriber_primary=False, ping_timeout=15, ping_interval=5)))
            if join.HasField("publisher_offer"):
                await self._answer(client, join.publisher_offer)
            async for message in ws:
                if message.type != WSMsgType.BINARY:
                    continue
                if not await self._handle(client, rtc.SignalRequest.FromString(message.data)):
                    break
        finally:
            if room.clients.get(claims.identity) is client:
                del room.clients[claims.identity]
            await client.pc.close()
        return ws

    def _watch(self, client: Client) -> None:
        @client.pc.on("datachannel")
        def on_datachannel(channel: Any) -> None:
            client.channels[channel.label] = channel

        @client.pc.on("connectionstatechange")
        def on_state() -> None:
            if client.pc.connectionState == "connected":
                client.connected.set()

    async def _answer(self, client: Client, offer: rtc.SessionDescription) -> None:
        await client.pc.setRemoteDescription(RTCSessionDescription(sdp=offer.sdp, type=offer.type))
        await client.pc.setLocalDescription(await client.pc.createAnswer())
        local = client.pc.localDescription
        await client.send(rtc.SignalResponse(answer=rtc.SessionDescription(type=local.type, sdp=local.sdp,
                                                                           id=offer.id)))

    async def _handle(self, client: Client, request: rtc.SignalRequest) -> bool:
        kind = request.WhichOneof("message")
        if kind == "offer":
            await self._answer(client, request.offer)
        elif kind == "trickle":
            await self._trickle(client, request.trickle)
        elif kind == "add_track":
            add = request.add_track
            track = models.TrackInfo(sid=_sid("TR"), type=add.type, name=add.name, muted=add.muted,
                                     source=add.source, mime_type="audio/opus", stereo=add.stereo)
            client.info.tracks.append(track)
            await client.send(rtc.SignalResponse(track_published=rtc.TrackPublishedResponse(cid=add.cid, track=track)))
        elif kind == "ping_req":
            now = int(time.time() * 1000)
            await client.send(rtc.SignalResponse(pong_resp=rtc.Pong(last_ping_timestamp=request.ping_req.timestamp,
                                                                    timestamp=now)))
        elif kind == "ping":
            await client.send(rtc.SignalResponse(pong=int(time.time() * 1000)))
        elif kind == "leave":
            return False
        return True

    async def _trickle(self, client: Client, trickle: rtc.TrickleRequest) -> None:
        if not trickle.candidateInit:
            return
        init = json.loads(trickle.candidateInit)
        line = init.get("candidate") or ""
        if not line:
            return
        candidate = candidate_from_sdp(line.split(":", 1)[1] if line.startswith("candidate:") else line)
        candidate.sdpMid = init.get("sdpMid")
        candidate.sdpMLineIndex = init.get("sdpMLineIndex")
        await client.pc.addIceCandidate(candidate)


def _join_request(encoded: str) -> rtc.JoinRequest:
    """The JoinRequest inside `/rtc/v1`'s `join_request` parameter (URL-safe base64, maybe gzipped)."""
    if not encoded:
        return rtc.JoinRequest()
    raw = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    wrapped = rtc.WrappedJoinRequest.FromString(raw)
    data = wrapped.join_request
    if wrapped.compression == rtc.WrappedJoinRequest.GZIP:
        data = gzip.decompress(data)
    return rtc.JoinRequest.FromString(data)
