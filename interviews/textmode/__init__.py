"""Text mode: the web process drives the interview engine for a candidate who types.

`driver.TextDriver` runs one interview on real time (an asyncio task), stores every engine event
through the event store and completes the interview like the voice worker does; `llm.LLMBrain`
is the model brain (OpenAI-compatible, tools from the engine's single definition) with the
scripted brain as its fallback.
"""
