"""MockFlow's agent worker: the pure interview engine (`core`) and, apart from it, its adapters.

Importing this package must not import django or livekit (a test checks it): adapters are imported
lazily by the `start` command only.
"""
