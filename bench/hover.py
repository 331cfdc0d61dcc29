"""Hover latency and time to answer initialize: jaxerr-ls against jedi-language-server.

Both servers run as real processes over stdio, driven by the same pygls client, on the same
realistic file (tests/fixtures/hover/training.py) and the same positions: every name in it.
Results are ratios jaxerr-ls / jedi-language-server, measured in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import sys
import time
from pathlib import Path

import parso
from lsprotocol import types
from pygls.lsp.client import LanguageClient

REPO = Path(__file__).resolve().parents[1]
FILE = REPO / "tests" / "fixtures" / "hover" / "training.py"
SERVERS = {
    "jaxerr-ls": [sys.executable, "-m", "jaxerr_ls", "serve"],
    "jedi-language-server": [
        shutil.which("jedi-language-server", path=str(Path(sys.executable).parent)) or "",
    ],
}
# With --initialize-only, also jaxerr-ls as it starts without the early answer to initialize
# (the command line's own entry, which does not read the first frame before loading pygls).
WITHOUT_EARLY_ANSWER = "jaxerr-ls, answered by pygls"
LATE = [
    sys.executable,
    "-c",
    "import sys; from jaxerr_ls.cli import main; sys.exit(main(['serve']))",
]


def name_positions(source: str) -> list[types.Position]:
    """The middle of every name in the file, as an editor user would hover it."""
    positions = []
    leaf = parso.parse(source).get_first_leaf()
    while leaf is not None:
        if leaf.type == "name":
            line, column = leaf.start_pos
            positions.append(types.Position(line=line - 1, character=column + len(leaf.value) // 2))
        leaf = leaf.get_next_leaf()
    return positions


async def measure(command: list[str], positions: list[types.Position]) -> dict[str, float]:
    client = LanguageClient("jaxerr-bench", "1")
    await client.start_io(*command)
    capabilities = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(
                content_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText]
            )
        )
    )
    start = time.perf_counter()
    await client.initialize_async(
        types.InitializeParams(capabilities=capabilities, root_uri=FILE.parent.as_uri())
    )
    initialize = time.perf_counter() - start
    client.initialized(types.InitializedParams())
    if not positions:
        # The first request after initialize: answered once the whole server has loaded.
        await client.shutdown_async(None)
        serving = time.perf_counter() - start
        client.exit(None)
        await client.stop()
        return {"initialize_ms": initialize * 1000, "serving_ms": serving * 1000}
    uri = FILE.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=1, text=FILE.read_text()
            )
        )
    )
    latencies = []
    answered = 0
    for position in positions:
        begin = time.perf_counter()
        document = types.TextDocumentIdentifier(uri=uri)
        result = await client.text_document_hover_async(
            types.HoverParams(text_document=document, position=position)
        )
        latencies.append(time.perf_counter() - begin)
        answered += result is not None
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    latencies.sort()
    return {
        "initialize_ms": initialize * 1000,
        "hover_p50_ms": statistics.median(latencies) * 1000,
        "hover_p95_ms": latencies[int(0.95 * (len(latencies) - 1))] * 1000,
        "hovers": len(latencies),
        "answered": answered,
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--initialize-only",
        action="store_true",
        help="measure only the time to answer initialize, and to answer the next request "
        "(shutdown), best of --rounds; no hovers",
    )
    args = parser.parse_args()
    if not SERVERS["jedi-language-server"][0]:
        raise SystemExit("jedi-language-server is not installed: pip install -e '.[bench]'")
    positions = [] if args.initialize_only else name_positions(FILE.read_text())
    servers = {**SERVERS, WITHOUT_EARLY_ANSWER: LATE} if args.initialize_only else SERVERS
    results: dict[str, list[dict[str, float]]] = {name: [] for name in servers}
    # Alternate the servers so that neither gets a warmer machine.
    for _ in range(args.rounds):
        for name, command in servers.items():
            results[name].append(await measure(command, positions))
    best = {
        name: {key: min(r[key] for r in runs) for key in runs[0]} for name, runs in results.items()
    }
    ours, theirs = best["jaxerr-ls"], best["jedi-language-server"]
    if args.initialize_only:
        ratio = ours["initialize_ms"] / theirs["initialize_ms"]
        late = best[WITHOUT_EARLY_ANSWER]["initialize_ms"] / theirs["initialize_ms"]
        serving = ours["serving_ms"] / theirs["serving_ms"]
        report = {**best, "best_of_rounds": args.rounds, "ratio_initialize": ratio}
        report |= {"ratio_initialize_answered_by_pygls": late, "ratio_serving": serving}
        print(json.dumps(report, indent=2))
        return
    report = {
        "file": str(FILE.relative_to(REPO)),
        "positions": len(positions),
        "best_of_rounds": args.rounds,
        **{name: values for name, values in best.items()},
        "ratio_initialize": ours["initialize_ms"] / theirs["initialize_ms"],
        "ratio_hover_p50": ours["hover_p50_ms"] / theirs["hover_p50_ms"],
        "ratio_hover_p95": ours["hover_p95_ms"] / theirs["hover_p95_ms"],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
