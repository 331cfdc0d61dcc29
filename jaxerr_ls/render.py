"""Records as readable documents: plain text for terminals, Markdown for editors."""

from __future__ import annotations

import textwrap

from jaxerr_ls.records import Record, split_example


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
