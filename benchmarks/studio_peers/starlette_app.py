"""Peer for studio_frameworks.py: Starlette in uvicorn, CPU-bound work in a process pool.

python starlette_app.py PORT WORKERS
"""

import asyncio
import sys
from concurrent.futures import ProcessPoolExecutor

from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route
from work import burn

POOL: ProcessPoolExecutor | None = None


async def ping(request):
    return JSONResponse({"ok": True})


async def work(request):
    loop = asyncio.get_running_loop()
    return JSONResponse({"done": await loop.run_in_executor(POOL, burn)})


app = Starlette(routes=[Route("/ping", ping), Route("/work", work)])

if __name__ == "__main__":
    import uvicorn

    POOL = ProcessPoolExecutor(int(sys.argv[2]))
    POOL.submit(burn, 0.0).result()
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", access_log=False)
