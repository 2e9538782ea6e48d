"""The core imports neither django nor livekit, nor the feedback app (which imports the core)."""

import subprocess
import sys


def test_the_core_imports_neither_django_nor_livekit_nor_feedback():
    code = (
        "import sys, agent_worker, agent_worker.core, agent_worker.core.simulate, agent_worker.__main__\n"
        "from agent_worker.core.simulate import simulate\n"
        "simulate({'candidate': {'name': 'Alice'}, 'turns': [{'say': 'Ready.'}]})\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'livekit', 'feedback'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
