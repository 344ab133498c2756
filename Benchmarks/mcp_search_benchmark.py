"""How fast `hig mcp` answers search_rules once started, as an assistant sees it: through the
official Python MCP SDK (PyPI `mcp`), over stdio, on the bundled editions.

Usage: python Benchmarks/mcp_search_benchmark.py PATH/TO/hig [--calls 100]

Starts `hig mcp` on a database built from the bundled editions (the build is not timed),
initializes, warms up with 5 calls, then times CALLS search_rules calls, each from the client's
send to its parsed answer, cycling through queries of one to three words, with and without
filters. Prints the distribution and whether every call took under 50 ms (the target of issue 18).
"""

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

from mcp import ClientSession, StdioServerParameters, stdio_client

QUERIES = [
    {"words": "tap"},
    {"words": "button"},
    {"words": "cancel button", "limit": 20},
    {"words": "destructive action", "edition": "current"},
    {"words": "alert title", "kind": "guideline"},
    {"words": "OK", "topic": "button titles"},
    {"words": "leading trailing", "platform": "macOS"},
    {"words": "symbol", "section": "macOS"},
    {"words": "capitalization punctuation", "limit": 50},
    {"words": "two-button alert"},
]
TARGET_MS = 50.0


async def measure(hig, database, calls):
    parameters = StdioServerParameters(command=hig, args=["--db", database, "mcp"])
    with open(os.devnull, "w") as quiet:
        async with stdio_client(parameters, errlog=quiet) as (read, write):
            async with ClientSession(read, write) as session:
                started = time.perf_counter()
                await session.initialize()
                initialize_ms = (time.perf_counter() - started) * 1000
                for query in QUERIES[:5]:
                    await session.call_tool("search_rules", query)
                times = []
                for index in range(calls):
                    query = QUERIES[index % len(QUERIES)]
                    started = time.perf_counter()
                    result = await session.call_tool("search_rules", query)
                    times.append((time.perf_counter() - started) * 1000)
                    error = getattr(result, "is_error", getattr(result, "isError", False))
                    if error:
                        raise RuntimeError(f"search_rules {query} failed: {result.content[0].text}")
                return initialize_ms, times


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: mcp_search_benchmark.py PATH/TO/hig [--calls N]")
    hig = os.path.abspath(sys.argv[1])
    calls = int(sys.argv[sys.argv.index("--calls") + 1]) if "--calls" in sys.argv else 100
    database = os.path.join(tempfile.mkdtemp(prefix="hig-mcp-bench-"), "hig.sqlite")
    subprocess.run([hig, "--db", database, "import"], check=True, stdout=subprocess.DEVNULL)
    initialize_ms, times = asyncio.run(measure(hig, database, calls))
    ordered = sorted(times)

    def percentile(p):
        return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]

    print(f"hig mcp, search_rules over stdio, {calls} calls on the bundled editions ({hig})")
    print(f"initialize     {initialize_ms:7.2f} ms")
    print(f"mean           {statistics.mean(times):7.2f} ms")
    for p in (50, 90, 99):
        print(f"p{p:<13} {percentile(p):7.2f} ms")
    print(f"max            {ordered[-1]:7.2f} ms")
    slow = sum(1 for t in times if t >= TARGET_MS)
    print(f"calls at or over {TARGET_MS:.0f} ms: {slow} of {calls}: target {'met' if slow == 0 else 'MISSED'}")


if __name__ == "__main__":
    main()
