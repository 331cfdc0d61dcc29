"""Records as readable documents: plain text for terminals, Markdown for editors."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from jaxerr_ls.records import Record, split_example

# A hover line longer than this is cut: the full text is in the diagnostic and the record.
BRIEF_LINE = 160


def record_text(record: Record, width: int = 88) -> str:
    """A record for a terminal: ``jaxerr-ls explain``."""

    def para(text: str, indent: str = "  ") -> str:
        # A bullet's continuation lines align under its text, not under another bullet.
        return textwrap.fill(
            " ".join(text.split()),
            width,
            initial_indent=indent,
            subsequent_indent=" " * len(indent),
        )

    out = [f"{record.code}  ({record.error_class}, {record.severity})", ""]
    out += ["Error message:", textwrap.indent(record.error_message, "  "), ""]
    out += ["What it means:", para(record.documentation), ""]
    when = [text for text in (record.trigger_scenarios, record.common_situations) if text]
    if when:
        out.append("When it happens:")
        out += [para(text) for text in when]
        out.append("")
    if record.solutions:
        out.append("Solutions:")
        for number, solution in enumerate(record.solutions, start=1):
            out.append(
                textwrap.fill(
                    " ".join(solution.split()),
                    width,
                    initial_indent=f"  {number}. ",
                    subsequent_indent="     ",
                )
            )
        out.append("")
    if record.example_fix:
        out += ["Example fix:", textwrap.indent(record.example_fix.rstrip(), "    "), ""]
    if record.prevention_tips:
        out.append("Prevention:")
        out += [para(tip, "  - ") for tip in record.prevention_tips]
        out.append("")
    if record.github_url:
        out.append(f"Source: {record.github_url}")
    return "\n".join(out).rstrip() + "\n"


def record_markdown(record: Record) -> str:
    """A record for an editor's hover or a documentation page."""
    out = [f"### `{record.code}` ({record.error_class})", "", record.documentation.strip(), ""]
    out += ["**Error message**", "", "```text", record.error_message, "```", ""]
    when = [text for text in (record.trigger_scenarios, record.common_situations) if text]
    if when:
        out += ["**When it happens**", ""] + [f"{text.strip()}\n" for text in when]
    if record.solutions:
        out += ["**Solutions**", ""]
        out += [f"{n}. {s.strip()}" for n, s in enumerate(record.solutions, start=1)]
        out.append("")
    if record.example_fix:
        before, after = split_example(record.example_fix)
        if before is not None and after is not None:
            out += ["**Example fix**", "", "Before:", "```python", before, "```", "After:"]
            out += ["```python", after, "```", ""]
        else:
            out += ["**Example fix**", "", "```python", record.example_fix.rstrip(), "```", ""]
    if record.github_url:
        out.append(f"[Source in JAX]({record.github_url})")
    return "\n".join(out).rstrip() + "\n"


def _cut(text: str, limit: int = BRIEF_LINE) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "\u2026"


def record_brief(
    record: Record,
    message: str,
    culprits: Sequence[str] = (),
    fixes: Sequence[str] = (),
    record_link: str | None = None,
    *,
    markdown: bool = True,
) -> str:
    """A diagnostic's record sized for a hover: the message, the record's one-line meaning, the
    culprits, the quick fixes on offer, then the link to the whole record (``record_link``, a
    link the client opens; without one, the command that prints it) and to JAX's source.

    ``culprits`` are already-worded places ("custom_vjp bwd rule `f` (model/ops.py:19)").
    """
    first = next((line.strip() for line in message.splitlines() if line.strip()), "")
    links: list[str] = []
    if markdown:
        out = [f"**`{record.code}`**: {_cut(first)}", "", _cut(record.summary, 2 * BRIEF_LINE), ""]
        out += [f"Culprit: {culprit}  " for culprit in culprits]
        out += [f"Quick fix: {_cut(fix)}  " for fix in fixes]
        links.append(
            f"[Show record]({record_link})"
            if record_link
            else f"Record: `jaxerr-ls explain {record.code}`"
        )
        if record.github_url:
            links.append(f"[JAX source]({record.github_url})")
        out += ["", " \u00b7 ".join(links)]
    else:
        out = [f"{record.code}: {_cut(first)}", _cut(record.summary, 2 * BRIEF_LINE), ""]
        out += [f"Culprit: {culprit}" for culprit in culprits]
        out += [f"Quick fix: {_cut(fix)}" for fix in fixes]
        out.append(
            f"Record: {record_link}" if record_link else f"Record: jaxerr-ls explain {record.code}"
        )
        if record.github_url:
            out.append(f"JAX source: {record.github_url}")
    # Blank lines never pile up (a record without culprits or fixes leaves two together).
    return "\n".join(line for i, line in enumerate(out) if line or out[i - 1]).strip() + "\n"
