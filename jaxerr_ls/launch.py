"""The ``jaxerr-ls`` entry point: ``serve`` on stdio answers initialize before the rest loads."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxerr_ls.server.early import EarlyStart

# ``serve`` as an editor starts it: LSP over stdio, maybe verbose.
_SERVE_OPTIONS = frozenset({"-v", "--verbose"})


def main() -> int:
    argv = sys.argv[1:]
    early = _answer_early() if _serves_stdio(argv) else None
    from jaxerr_ls.cli import main as cli_main

    return cli_main(argv, early=early)


def _serves_stdio(argv: list[str]) -> bool:
    return bool(argv) and argv[0] == "serve" and set(argv[1:]) <= _SERVE_OPTIONS


def _answer_early() -> EarlyStart | None:
    """Read the first message (and answer it when it is ``initialize``); None when stdio is
    not there to read, which ``serve`` then reports as ever."""
    try:
        fd_in, fd_out = sys.stdin.fileno(), sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    from jaxerr_ls.server.early import start

    return start(fd_in, fd_out)
