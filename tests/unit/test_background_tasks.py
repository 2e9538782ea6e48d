"""A task started and left to run is held until it is done: the event loop alone would let it be collected."""

import asyncio
import gc
import weakref

from agent_worker.core.background import start_kept


def waiting_alone(futures: list):
    """A coroutine that waits on a future only it holds (the test keeps a weak reference to it)."""

    async def wait():
        future = asyncio.get_running_loop().create_future()
        futures.append(weakref.ref(future))
        return await future

    return wait()


async def test_a_bare_task_nobody_holds_is_collected_mid_run(caplog):
    futures: list = []
    asyncio.create_task(waiting_alone(futures))  # noqa: RUF006 - the fault this module guards against
    await asyncio.sleep(0)
    gc.collect()
    assert futures[0]() is None  # gone with the task, never to finish


async def test_a_kept_task_runs_to_its_end_and_then_leaves_the_set():
    futures: list = []
    kept: set = set()
    task = weakref.ref(start_kept(waiting_alone(futures), kept, name="watcher"))
    await asyncio.sleep(0)
    gc.collect()
    assert kept == {task()} and task().get_name() == "watcher"
    futures[0]().set_result("done")
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert kept == set()
