"""Messages pasted the way users paste them: without their exception class (in prose, quotes,
comments), cut short without an ellipsis, or printed only inside JAX's wrapper exception.

Every message comes from a real captured log (tests/fixtures/logs); what the piece must give is
the record that the whole log's error gets.
"""

from __future__ import annotations

import functools
import json
import re
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from jaxerr_ls.bare import MAX_PASTE_CHARS, raised_message
from jaxerr_ls.catalog import Catalog
from jaxerr_ls.diagnose import Analyzer, Finding
from jaxerr_ls.matching import STAGE_PREFIX, literal_chars, truncated_beginning
from jaxerr_ls.reading import read_blocks
from jaxerr_ls.tracebacks import parse_text, strip_ansi

LOGS = Path(__file__).resolve().parent.parent / "fixtures" / "logs" / "jax-0.12.0.1" / "script"
# Among them, the curated records' errors whose first line is long enough to read alone.
SCRIPT_LOGS = sorted(LOGS.glob("*.log"))


@functools.cache
def catalog() -> Catalog:
    return Catalog.load()


def findings(text: str) -> list[Finding]:
    analyzer = Analyzer(catalog().index, Path("/nonexistent-project"))
    return list(analyzer.analyze_lines(text.splitlines(keepends=True)))


@functools.cache
def explained_errors() -> list[tuple[str, str, str, str]]:
    """(log name, exception class, message, record code) of each log's last explained error."""
    found = []
    for path in SCRIPT_LOGS:
        events = parse_text(strip_ansi(path.read_text(encoding="utf-8")))
        if not events:
            continue
        event = events[-1]
        match = catalog().match(event.message, event.exc_type)
        if match is not None and match.stage != "fuzzy":
            found.append((path.stem, event.exc_type, event.message, match.record.code))
    return found


def test_the_logs_give_enough_errors() -> None:
    assert len(explained_errors()) >= 30


@pytest.mark.parametrize(
    "wrap",
    [
        lambda m: f"I get this when I call grad:\n\n{m}\n\nAny idea why?",
        lambda m: "\n".join(f"> {line}" for line in m.splitlines()),
        lambda m: "x = f(y)\n" + "\n".join(f"# {line}" for line in m.splitlines()),
        lambda m: f'"""\n{m}\n"""',
        lambda m: f"**{m}**",
    ],
    ids=["prose", "quoted", "comment", "docstring", "bold"],
)
def test_a_message_without_its_class_finds_its_record(wrap: object) -> None:
    assert callable(wrap)
    misses = []
    for name, _, message, code in explained_errors():
        got = [f.code for f in findings(wrap(message))]
        if code not in got:
            misses.append(f"{name}: {code} not in {got}")
    assert not misses


def test_prose_without_any_record_message_gives_nothing() -> None:
    text = (
        "I tried to compute the gradient of my loss but the output looks wrong.\n"
        "Versions: jax 0.4.30, jaxlib 0.4.30, Python 3.11.\n\n"
        "Here is my code:\n\n    loss = jnp.mean((model(x) - y) ** 2)\n"
    )
    assert findings(text) == []


def test_output_longer_than_a_paste_is_not_read_for_bare_messages() -> None:
    _, _, message, _ = explained_errors()[0]
    filler = "progress: step 1 of many, all fine\n" * (MAX_PASTE_CHARS // 30)
    assert findings(filler + message) == []


def test_a_message_cut_short_without_an_ellipsis_is_its_records_beginning() -> None:
    """Cut mid-word near the end of the record's own words (before its first placeholder)."""
    checked = 0
    for name, exc_type, message, code in explained_errors():
        record = catalog().record(code)
        assert record is not None
        head = record.error_message.split("{", 1)[0].split("\n", 1)[0]
        if len(head) < 45 or not message.startswith(head):
            continue
        for cut in (len(head) - 3, len(head) - 9):
            found = catalog().match(message[:cut], exc_type)
            if any(
                other.code != code and other.error_message.startswith(message[:cut])
                for other in catalog().records
            ):
                # Cut where another record's message still agrees: no answer is the honest one.
                assert found is None or found.record.code == code, name
                continue
            assert found is not None, f"{name}: {message[:cut]!r}"
            assert found.record.code == code, name
            checked += 1
    assert checked >= 10


def test_a_short_or_foreign_line_is_not_taken_for_a_cut_message() -> None:
    assert catalog().match("Custom VJP bwd rule", "ValueError") is None
    found = catalog().match(
        "Custom VJP bwd rule is fine, but my own code then failed for a reason of its own",
        "ValueError",
    )
    assert found is None or found.stage != STAGE_PREFIX


def test_a_message_only_inside_jaxs_wrapper_is_read_there() -> None:
    """Old IPython output: the wrapper's traceback shows the message, and the paste is cut in
    the traceback of the exception it wraps, before that exception's own line."""
    misses = []
    for name, exc_type, message, code in explained_errors():
        text = (
            "FilteredStackTrace                        Traceback (most recent call last)\n"
            "<ipython-input-3-0a1b2c3d4e5f> in <module>()\n"
            "----> 1 jax.grad(loss)(x)\n\n"
            f"FilteredStackTrace: {exc_type}: {message}\n\n"
            "The stack trace above excludes JAX-internal frames.\n"
            "The following is the original exception that occurred, unmodified.\n\n"
            "--------------------\n\n"
            "The above exception was the direct cause of the following exception:\n\n"
            f"{exc_type.rsplit('.', 1)[-1]:42}Traceback (most recent call last)\n"
            "8 frames\n"
        )
        got = [f.code for f in findings(text)]
        if got != [code]:
            misses.append(f"{name}: {code} vs {got}")
    assert not misses


def test_a_paste_read_from_a_file_in_blocks_is_read_as_line_by_line(tmp_path: Path) -> None:
    """``check FILE`` reads in blocks: a message without its class is found there too."""
    _, _, message, code = explained_errors()[0]
    paste = tmp_path / "paste.txt"
    paste.write_text(f"It fails with:\n\n> {message}\n", encoding="utf-8")
    analyzer = Analyzer(catalog().index, Path("/nonexistent-project"))
    with open(paste, "rb") as stream:
        found = [f.code for f in analyzer.analyze_blocks(read_blocks(stream))]
    assert found == [f.code for f in findings(paste.read_text(encoding="utf-8"))]
    assert code in found


# The JAX error classes that write their one message themselves (their __init__ raises it),
# among the curated records' errors: their class alone names the record.
CLASSES_WITH_THEIR_OWN_MESSAGE = {
    "concretization-type-error",
    "custom-vjp-closed-over-value",
    "tracer-bool-conversion",
    "tracer-integer-conversion",
}


def _header_only(exc_type: str) -> str:
    """IPython 8 output cut after its header and first frame, before any message."""
    return (
        f"{exc_type.rsplit('.', 1)[-1]:42}Traceback (most recent call last)\n"
        "Cell In[4], line 2\n"
        "      1 x = jnp.ones(3)\n"
        "----> 2 out = step(params, x)\n"
    )


def test_a_header_cut_before_its_message_names_the_record_only_a_class_implies() -> None:
    """Only the class is known: a class whose __init__ writes the message names that record
    (marked as the ``class`` stage); any other class is answered with the class alone."""
    by_class = set()
    for name, exc_type, _, code in explained_errors():
        (finding,) = findings(_header_only(exc_type))
        if finding.match is None:
            assert finding.code == exc_type.rsplit(".", 1)[-1], name
            continue
        assert (finding.match.record.code, finding.match.stage) == (code, "class"), name
        assert finding.match.score < 0.6
        by_class.add(code)
    assert by_class == CLASSES_WITH_THEIR_OWN_MESSAGE


@pytest.mark.parametrize(
    "text",
    [
        "I get a `jax.errors.{cls}` when I run `train.py`:\n\n```\nTraceback (most recent "
        'call last):\n  File "train.py", line 3, in <module>\n    main()\n```\n',
        "> Upon recompiling, `jax._src.traceback_util.UnfilteredStackTrace: "
        "`jax._src.errors.{cls}` is raised.\n",
        "# Getting jax.errors.{cls} inside lax.scan\n\nAny pointers?\n",
    ],
    ids=["backticks-cut-traceback", "quoted-wrapper", "title"],
)
def test_a_jax_error_class_named_in_prose_is_read_as_that_error(text: str) -> None:
    # JAX's own classes: those the logs print with their module path.
    own = [(e, code) for _, e, _, code in explained_errors() if "." in e]
    for exc_type, code in own:
        short = exc_type.rsplit(".", 1)[-1]
        got = [f.code for f in findings(text.format(cls=short))]
        assert got == [code if code in CLASSES_WITH_THEIR_OWN_MESSAGE else short], short
    assert len(own) >= 4


def test_a_class_that_writes_its_own_message_is_read_by_its_name_alone() -> None:
    for text in (
        "# ConcretizationTypeError with jnp.where inside jit\n\nHi, ...\n",
        "Should this raise `TracerBoolConversionError` or a plain TypeError?\n",
    ):
        (finding,) = findings(text)
        assert finding.match is not None and finding.match.stage == "class", text


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ("Four tests still fail with bool tracer conversion errors on CI.\n", "TracerBool"),
        ("# Concretization type error when slicing inside jit\n\nAny idea?\n", "Concretization"),
        ("Since upgrading I get a tracer-integer conversion error in my scan.\n", "TracerInteger"),
        ("It throws the tracer integer conversion exception?\n", None),
        # A class whose raisers word several messages: its name says too little.
        ("Masking under jit gives a non-concrete boolean index error.\n", None),
        ("Any conversion tracer bool errors seen with this?\n", "TracerBool"),
    ],
)
def test_a_jax_class_said_in_words_is_read_as_that_class(text: str, cls: str | None) -> None:
    got = findings(text)
    if cls is None:
        # "exception" ends no JAX class's name.
        assert got == []
        return
    (finding,) = got
    assert finding.match is not None and finding.match.stage == "class", text
    assert finding.exception.startswith(cls), finding.exception


@pytest.mark.parametrize(
    "text",
    [
        "I get a type error when I call it with a list.\n",
        "This raised an unexpected error in the data loader.\n",
        "Probably a runtime error in XLA, or a value error in my code.\n",
        "Is a tracer conversion error the same as a bool tracer error?\n",
        "```\n# a bool tracer conversion error is expected here\n```\n",
    ],
)
def test_ordinary_words_before_error_name_no_class(text: str) -> None:
    assert findings(text) == []


def test_the_first_line_alone_of_a_longer_message_is_its_record_or_nothing() -> None:
    # A pytest summary line, or an exception line whose continuation a paste left out: the
    # real messages of the logs, each cut to its first line.
    same = 0
    for name, exc_type, message, code in explained_errors():
        first, _, rest = message.strip().partition("\n")
        if not rest.strip() or len(first) < 20:
            continue
        found = catalog().match(first, exc_type)
        assert found is None or found.record.code == code, (name, first, found)
        same += found is not None
    assert same >= 10


# With the whole catalogue, as `check` loads it: the generated set takes seconds to load, so
# with `-m slow` and in the whole suite, not in the core tier.
@pytest.mark.slow
def test_a_leak_checkers_first_line_is_its_record() -> None:
    # Its placeholders fill half the line: too little of it is the record's own text for a
    # cut message, but it is the message's whole first line (the record is a generated one).
    from tests.fixtures.pastes.results import index

    def codes(text: str) -> list[str]:
        analyzer = Analyzer(index(), Path("/nonexistent-project"))
        return [f.code for f in analyzer.analyze_lines(text.splitlines(keepends=True))]

    summary = "FAILED tests/test_x.py::test_y - Exception: Leaked trace {}\n"
    for trace in ("DynamicJaxprTrace", "MainTrace(1,DynamicJaxprTrace)"):
        line = summary.format(f"{trace}. Leaked tracer(s):")
        assert codes(line) == ["jax-leaked-leaked-tracer-s-76641a7c"], line
    # A line cut part-way is not the message's whole first line.
    assert codes(summary.format("DynamicJaxprTrace. Leaked tra")) == ["Exception"]


def test_a_class_named_without_jaxs_path_or_among_others_is_not_an_error() -> None:
    # A class whose raisers write the message, named bare; or two classes compared: no error.
    assert findings("Why do I get UnexpectedTracerError or a plain TypeError here?\n") == []
    assert (
        findings(
            "`jax.errors.TracerBoolConversionError` is a subclass of "
            "`jax.errors.ConcretizationTypeError`.\n"
        )
        == []
    )


def _raise_source(exc_type: str, template: str, width: int = 60) -> list[str]:
    """A raise statement as JAX's source writes a long message: adjacent f-string pieces."""
    pieces, current = [], ""
    for word in template.split(" "):
        if current and len(current) + len(word) > width:
            pieces.append(current + " ")
            current = word
        else:
            current = f"{current} {word}" if current else word
    pieces.append(current)
    quoted = [f"f{json.dumps(piece)}" for piece in pieces]
    return (
        [f"raise {exc_type}({quoted[0]}"]
        + [f"    {q}" for q in quoted[1:-1]]
        + ([f"    {quoted[-1]})"] if len(quoted) > 1 else [])
    )


def _cut_in_raise_source(exc_type: str, statement: list[str]) -> str:
    """IPython 8 output cut in JAX's frame, after the raise statement, before the message."""
    numbered = [f"-> 1120     {statement[0]}"] + [
        f"   {1121 + n}     {line}" for n, line in enumerate(statement[1:])
    ]
    return (
        f"{exc_type:42}Traceback (most recent call last)\n"
        "Cell In[12], line 2\n"
        "      1 step = jax.grad(loss)\n"
        "----> 2 out = step(params, x)\n\n"
        "    [... skipping hidden 4 frame]\n\n"
        "File ~/venv/lib/python3.12/site-packages/jax/_src/api.py:1120, in check(name, x)\n"
        "   1119 if not allowed:\n" + "\n".join(numbered) + "\n   1125 \n"
    )


def test_a_paste_cut_after_the_raise_statement_reads_the_message_from_its_literals() -> None:
    checked = 0
    for name, exc_type, _, code in explained_errors():
        short = exc_type.rsplit(".", 1)[-1]
        record = catalog().record(code)
        assert record is not None
        # A template of a few words ("expected {x}, got {y}") claims no message by itself.
        vague = literal_chars(record.error_message) < 20
        if record.error_class.rsplit(".", 1)[-1] != short or short == "Exception" or vague:
            continue
        statement = _raise_source(short, record.error_message)
        got = [f.code for f in findings(_cut_in_raise_source(short, statement))]
        assert got == [code], name
        # Another class raised there is another error: only the header's class is known.
        other = "ValueError" if short != "ValueError" else "TypeError"
        got = [f.code for f in findings(_cut_in_raise_source(other, statement))]
        assert got == [other], name
        checked += 1
    assert checked >= 40


def test_a_raise_statement_quoted_alone_is_read_as_its_error() -> None:
    record = catalog().record("grad-while-loop-reverse")
    assert record is not None
    statement = _raise_source("ValueError", record.error_message, width=40)
    text = "The check that fires:\n\n```python\n" + "\n".join(statement) + "\n```\n"
    assert [f.code for f in findings(text)] == ["grad-while-loop-reverse"]


def test_a_raise_statement_reads_only_adjacent_string_literals() -> None:
    assert raised_message(["raise TypeError(\"a \" 'b'", '  f"{x} c")']) == (
        "TypeError",
        "a b{x} c",
    )
    assert raised_message(["-> 12     raise ValueError(msg)"]) is None
    # Python joins only adjacent literals: a formatted or concatenated rest is not read.
    assert raised_message(['raise ValueError("got %s" % x)']) == ("ValueError", "got %s")
    assert raised_message(['raise ValueError("a {}".format(x) + "b")']) == ("ValueError", "a {}")
    assert raised_message(["> raise KeyError(b'x')"]) is None


def _elided(line: str, mark: str, keep_end: bool) -> str | None:
    """A message's first line quoted with some of its words left out, as users do."""
    words = line.split(" ")
    if len(words) < 14:
        return None
    end = words[7:] if keep_end else words[7:11]
    return " ".join(words[:3]) + f" {mark} " + " ".join(end)


@pytest.mark.parametrize(
    ("mark", "keep_end"), [("...", True), ("\u2026", False), ("(...)", True), ("[\u2026]", False)]
)
def test_a_message_quoted_with_words_left_out_finds_its_record(mark: str, keep_end: bool) -> None:
    """Never another record's; the record itself when the words left say which it is (the
    words kept may fit several records, or be mostly a placeholder's value: then none)."""
    checked, right = 0, 0
    for name, exc_type, message, code in explained_errors():
        first = message.strip().split("\n", 1)[0]
        quoted = _elided(first, mark, keep_end)
        if quoted is None:
            continue
        checked += 1
        found = catalog().match(quoted, exc_type)
        assert found is None or found.record.code == code, (name, quoted, found)
        if found is None or found.stage == "fuzzy":
            continue
        right += 1
        # In prose, as a code span with text after it.
        text = f"It fails with `{exc_type}: {quoted}`, which I do not understand.\n"
        assert [f.code for f in findings(text)] == [code], name
    assert checked >= 40
    assert right * 3 >= checked * (2 if keep_end else 1.5), f"{right}/{checked}"


@pytest.mark.parametrize("mark", ["(...)", "[...]", "(\u2026)"])
def test_a_message_cut_with_a_bracketed_ellipsis_is_its_records_beginning(mark: str) -> None:
    """``integer type (...)`` as users end a quoted message: never another record's; the
    record itself when the words kept say which it is."""
    checked, right = 0, 0
    for name, exc_type, message, code in explained_errors():
        first = message.strip().split("\n", 1)[0]
        if len(first) < 60:
            continue
        cut = first[:50].rsplit(" ", 1)[0]
        found = catalog().match(f"{cut} {mark}", exc_type)
        checked += 1
        if found is not None and found.stage != "fuzzy":
            assert found.record.code == code, (name, cut, found.record.code)
            right += 1
            text = f"It fails with a `{exc_type}: {cut} {mark}`. Any idea?\n"
            assert [f.code for f in findings(text)] == [code], name
    assert checked >= 25
    assert right * 2 >= checked, f"{right}/{checked}"


def test_a_call_with_its_arguments_left_out_is_no_cut() -> None:
    # "f(...)" is code that names a call, not a message cut short.
    assert truncated_beginning("Called jit(...)") is None
    assert truncated_beginning("integer type (...)") == "integer type"
    assert truncated_beginning("integer type [\u2026]") == "integer type"


def test_prose_with_an_ellipsis_is_not_a_message() -> None:
    for text in (
        "I tried jax.grad ... and then the loss was nan, so I switched to float64 ...",
        "Gradient ... functions",
        "The error says ... not implemented",
        # An array's elements left out by NumPy, not by the user.
        "cotangent type does not match: [1., 1., ..., 1.] (...)",
    ):
        found = catalog().match(text, None)
        assert found is None or found.stage == "fuzzy", (text, found)


def _cut_first_lines_matched(cut_of: Callable[[str], str | None]) -> tuple[int, int]:
    """(right, checked): of the logs' messages whose first line ``cut_of`` cuts, how many
    the cut matches exactly; none may match another record."""
    checked, right = 0, 0
    for name, exc_type, message, code in explained_errors():
        cut = cut_of(message.strip().split("\n", 1)[0])
        if cut is None:
            continue
        found = catalog().match(cut, exc_type)
        checked += 1
        if found is not None and found.stage != "fuzzy":
            assert found.record.code == code, (name, cut, found.record.code)
            right += 1
    return right, checked


@pytest.mark.parametrize("width", [48, 72])
def test_a_message_wrapped_by_its_paster_and_cut_short_is_its_records_beginning(
    width: int,
) -> None:
    """Lines wrapped where JAX did not wrap them, cut mid-word: never another record's; the
    record itself when its beginning says which it is."""
    right, checked = _cut_first_lines_matched(
        lambda first: textwrap.fill(first[:117], width) if len(first) >= 130 else None
    )
    assert checked >= 25
    assert right * 3 >= checked * 2, f"{right}/{checked}"


@pytest.mark.parametrize(
    "wrap",
    [
        lambda m: f'# Getting "{m}" when calling grad\n\nHi all,\n',
        lambda m: f"I get `{m}` from my loss,\nbut only under jit.\n",
        lambda m: f"The error \u201c{m}\u201d goes away without vmap.\n",
        lambda m: f'# Training fails with "{m}"\n\nThe model below fails.\n',
    ],
    ids=["title-double-quotes", "backticks-wrapped-prose", "curly-quotes", "title-ends-in-quote"],
)
def test_a_message_beginning_quoted_inside_a_sentence_is_read_on_its_own(wrap: object) -> None:
    """Cut at a word within its first 60 characters: never another record's."""
    assert callable(wrap)
    checked, right = 0, 0
    for name, _, message, code in explained_errors():
        cut = message.split("\n", 1)[0][:60].rsplit(" ", 1)[0]
        got = [f.code for f in findings(wrap(cut))]
        assert got in ([], [code]), (name, cut, got)
        checked += 1
        right += got == [code]
    assert right * 3 >= checked * 2 - 10, f"{right}/{checked}"


def test_a_quoted_phrase_that_is_no_message_is_not_an_error() -> None:
    text = 'The docs say "use jax.lax.cond for control flow that depends on values" here.\n'
    assert findings(text) == []


def _chain_cut_after_header(cause_path: str, function: str, exc_type: str) -> str:
    """Old IPython output: a cause caught in ``function``, then the exception raised from
    it, cut after its header and the user's frame, before its message."""
    return (
        "---------------------------------------------------------------------------\n"
        f"{'KeyError':42}Traceback (most recent call last)\n"
        f"{cause_path} in {function}(p)\n"
        "    253   try:\n"
        "--> 254     return table[p]\n"
        "    255   except KeyError as err:\n\n"
        "KeyError: scatter\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        f"{exc_type:42}Traceback (most recent call last)\n"
        "~/proj/train.py in <module>\n"
        "     18\n"
    )


JAX_FILE = "~/miniconda3/envs/x/lib/python3.8/site-packages/jax/_src/{}"


@pytest.mark.parametrize(
    ("path", "function", "exc_type", "code"),
    [
        (
            "interpreters/ad.py",
            "get_primitive_transpose",
            "NotImplementedError",
            "transpose-rule-missing",
        ),
        ("callback.py", "pure_callback_jvp_rule", "ValueError", "pure-callback-jvp"),
        ("api.py", "_vjp_check_ct_avals", "ValueError", "vjp-cotangent-shape"),
        # Four messages of that class in that function: no one of them.
        ("api.py", "_check_input_dtype_revderiv", "TypeError", "TypeError"),
        # Another class than the function raises: nothing known.
        ("interpreters/ad.py", "get_primitive_transpose", "ValueError", "ValueError"),
    ],
)
def test_a_chain_cut_before_its_message_is_known_by_the_jax_function_that_caught_its_cause(
    path: str, function: str, exc_type: str, code: str
) -> None:
    text = _chain_cut_after_header(JAX_FILE.format(path), function, exc_type)
    (finding,) = findings(text)
    assert finding.code == code
    if finding.match is not None:
        assert (finding.match.stage, finding.match.score) == ("function", 0.5)
    # The same function in the user's own code says nothing about JAX's messages.
    (finding,) = findings(_chain_cut_after_header("~/proj/rules.py", function, exc_type))
    assert finding.code == exc_type


@pytest.mark.parametrize(
    "reflow",
    [
        lambda m: "\n".join(line.rstrip() for line in m.splitlines()),
        lambda m: textwrap.fill(" ".join(m.split()), 72),
        lambda m: " ".join(m.split()),
    ],
    ids=["line-ends-stripped", "rewrapped", "one-line"],
)
def test_a_message_whose_whitespace_changed_finds_its_record(reflow: object) -> None:
    """Issue renderers strip trailing spaces and re-flow lines; terminals wrap them."""
    assert callable(reflow)
    misses = []
    for name, exc_type, message, code in explained_errors():
        found = catalog().match(reflow(message), exc_type)
        if found is None or found.record.code != code:
            misses.append(f"{name}: {found and found.record.code}")
    assert not misses


def _begins_another_record(code: str, run: str) -> bool:
    """Whether another curated record's message holds ``run`` too (then no answer is honest)."""
    folded = " ".join(run.split())
    return any(
        other.code != code and folded in " ".join(other.error_message.split())
        for other in catalog().records
    )


@pytest.mark.parametrize(
    "place",
    [
        lambda run: f"# Training fails - {run}",
        lambda run: f'After upgrading I get "{run}" whenever the solver is jitted.',
        lambda run: f"error in my model: {run}",
    ],
    ids=["title-prefix", "sentence-around", "prefix-colon"],
)
@pytest.mark.parametrize("cut", ["end", "both-ends"])
def test_a_run_of_a_records_text_inside_a_line_finds_it(place: object, cut: str) -> None:
    """The record's own text at the start of a real message (up to its first placeholder),
    cut at a word within 90 characters (and, for both-ends, without its first two words),
    inside a line of prose: its record, or nothing where another record holds the run too."""
    assert callable(place)
    checked = right = 0
    for name, _, message, code in explained_errors():
        record = catalog().record(code)
        assert record is not None
        head = record.error_message.split("{", 1)[0].split("\n", 1)[0]
        if not message.startswith(head):
            continue
        words = head.split(" ")
        run = " ".join(words[2:] if cut == "both-ends" else words)[:90].rsplit(" ", 1)[0]
        if len(run) < 60:
            continue
        got = [f.code for f in findings(str(place(run)))]
        assert got in ([], [code]), (name, run, got)
        if not _begins_another_record(code, run):
            checked += 1
            right += got == [code]
    assert checked >= 10
    assert right == checked


@pytest.mark.parametrize(
    "cls", ["NotImplementedError", "AssertionError", "UnexpectedTracerError", "KeyError"]
)
def test_an_exception_class_named_once_in_prose_is_the_pastes_error(cls: str) -> None:
    for text in (
        f"I encounter the following {cls} when trying to use `grad()`:\n\nhttps://x.y/z\n",
        f'# "{cls}" during inference after training\n\nFull command:\n',
        f"but in reverse mode I get a ``{cls}``\n\n```python\nf = jax.grad(g)\n```\n",
    ):
        assert [f.code for f in findings(text)] == [cls], text


def test_a_class_caught_raised_or_built_in_code_is_no_error() -> None:
    for text in (
        "Here is my code:\n\n```python\ntry:\n    f(x)\nexcept ValueError:\n    pass\n```\n",
        "It does `raise NotImplementedError(msg)` there.\n",
        "We check it with `pytest.raises(TypeError)`.\n",
        "    except KeyError as err:\n        return None\n",
        "I expected a TypeError, but got a ValueError.\n",
    ):
        assert findings(text) == [], text


@pytest.mark.parametrize(
    ("phrase", "code"),
    [
        (
            "cannot apply forward-mode autodiff (jvp) to a custom_vjp function",
            "custom-vjp-forward-mode",
        ),
        (
            "Attempted boolean conversion of a traced array with shape bool[]",
            "tracer-bool-conversion",
        ),
    ],
)
def test_a_quoted_paraphrase_of_a_message_finds_its_record(phrase: str, code: str) -> None:
    text = f'When I take the hessian, I get the error that "{phrase}". Any idea?\n'
    assert [f.code for f in findings(text)] == [code]


def test_a_quoted_python_error_is_no_records_paraphrase() -> None:
    from tests.fixtures.pastes.negatives import python_errors

    for snippet, paste in python_errors():
        message = paste.splitlines()[-1].split(": ", 1)[-1]
        text = f'Running it I get the error "{message}" on the second call.\n'
        assert all(f.match is None for f in findings(text)), snippet


def _cut_repeats(exc_type: str, message: str, cut: str, style: str) -> str:
    """The same error printed twice and then once more, cut short by the paste's end."""
    first = message.strip().split("\n", 1)[0]
    if style == "pytest-summary":
        return "".join(
            f"FAILED tests/test_m.py::test_step[{n}] - {exc_type}: {text}\n"
            for n, text in enumerate((first, first, cut))
        )
    return (
        f"In [7]:\nloss(x)\n\n{exc_type}: {first}\n\nIn [8]:\nloss(x[0])\n\n"
        f"{exc_type}: {first}\n\nIn [9]:\nloss(x[1])\n\n{exc_type}: {cut}\n"
    )


@pytest.mark.parametrize("style", ["pytest-summary", "notebook-page"])
def test_a_repeated_message_cut_short_is_the_message_it_repeats(style: str) -> None:
    """A list of pytest's summary lines or a notebook page cut in its last copy of an error,
    anywhere past its first 16 characters: the last copy gets the record the others get."""
    checked = 0
    for name, exc_type, message, code in explained_errors():
        first = message.strip().split("\n", 1)[0]
        for at in (16, 25, len(first) * 2 // 3):
            cut = first[:at].rstrip()
            if len(cut) < 16 or at >= len(first) - 1:
                continue
            got = findings(_cut_repeats(exc_type, message, cut, style))
            if not got or got[0].code != code:
                continue  # a line that alone is not its record (a multi-line message's first)
            checked += 1
            assert [f.code for f in got] == [code] * 3, (name, cut)
    assert checked >= 60


def test_a_cut_that_repeats_no_single_earlier_message_stays_as_printed() -> None:
    """Two earlier messages it begins, an earlier message of another class, or a cut too
    short to tell: the cut copy gets what it gets alone."""
    checked = 0
    for name, exc_type, message, _ in explained_errors():
        first = message.strip().split("\n", 1)[0]
        if len(first) < 40:
            continue
        other = "ValueError" if exc_type.rsplit(".", 1)[-1] != "ValueError" else "TypeError"
        for earlier, cut in (
            (f"{exc_type}: {first}\n\n{exc_type}: {first[:30]} went another way\n", first[:25]),
            (f"{other}: {first}\n", first[:25]),
            (f"{exc_type}: {first}\n", first[:12]),
        ):
            alone = [f.code for f in findings(f"{exc_type}: {cut}\n")]
            got = [f.code for f in findings(f"{earlier}\n{exc_type}: {cut}\n")]
            assert got[-1:] == alone, (name, earlier, cut)
            checked += 1
    assert checked >= 60


CHAINED_LOG = LOGS.parent.parent / "generic" / "py311-chained.log"


@pytest.mark.parametrize(
    "separator",
    [
        "During handling of the above exception, another exception occurred:",
        "The above exception was the direct cause of the following exception:",
    ],
)
@pytest.mark.parametrize("cut", [17, 22, None])
def test_a_chain_cut_at_its_separator_shows_a_cause_and_the_prose_names_the_error(
    separator: str, cut: int | None
) -> None:
    """The traceback ends in a separator, maybe cut mid-word: what it shows is a cause, not
    the error raised, and a JAX class the issue's prose names is that error."""
    log = CHAINED_LOG.read_text(encoding="utf-8")
    shown = log[: log.index(separator)] + separator[:cut]
    prose = "# `ConcretizationTypeError` under jit\n\nI get a ConcretizationTypeError here:\n\n"
    got = findings(f"{prose}```\n{shown}\n```\n")
    assert [f.code for f in got][-1] == "concretization-type-error"
    assert got[-1].match is not None and got[-1].match.stage == "class"
    # The cause keeps its own message, without the separator's words.
    cause = got[-2]
    assert cause.exception in ("KeyError", "TypeError") and "above" not in cause.message
    # Without prose naming a class, the cause alone.
    assert [f.exception for f in findings(shown)] == [cause.exception]
    # The whole chain shown: its last exception is the error, whatever the prose says.
    whole = findings(f"{prose}```\n{log}```\n")
    assert [f.exception for f in whole] == ["RuntimeError"]


def test_a_line_that_only_begins_like_a_separator_ends_no_message() -> None:
    text = "TypeError: bad value\nThe above exc\n"
    (finding,) = findings(text)
    assert finding.message == "bad value\nThe above exc"


def _cut_inside_a_value(line: str) -> str | None:
    """The line cut in the middle of the last name, path or repr it prints past its 30th
    character (a title or a paste cut where a placeholder's value was)."""
    values = [m for m in _VALUE_RE.finditer(line) if m.start() >= 30 and m.end() - m.start() >= 6]
    if not values:
        return None
    value = values[-1]
    return line[: (value.start() + value.end()) // 2]


_VALUE_RE = re.compile(r"\S*[_/<>\[\]\d]\S*")


def test_a_message_cut_inside_a_value_it_prints_is_its_records_beginning() -> None:
    """Never another record's; the record itself for five in six (those whose cut still
    fits several records' beginnings give none), though the values (names, paths, reprs)
    make much of what is left."""
    right, checked = _cut_first_lines_matched(_cut_inside_a_value)
    assert checked >= 50
    assert right * 6 >= checked * 5, f"{right}/{checked}"


def test_prose_in_a_placeholders_place_is_no_cut_message() -> None:
    for text in (
        "Custom VJP bwd rule attached to my function never works when I jit it",
        "Gradient only defined for scalar-output functions, says the FAQ; my_loss is",
    ):
        found = catalog().match(text, None)
        assert found is None or found.stage == "fuzzy", (text, found)


TERMINAL = LOGS.parents[2] / "notebooks" / "terminal"


def test_an_ipython_arrow_at_an_assert_pasted_alone_is_an_assertion_error() -> None:
    # A 2020 issue's whole paste (tests/fixtures/pastes): the arrow line in a fence.
    paste = (LOGS.parents[2] / "pastes" / "jax-2520-closed-over-assert-arrow-line.txt").read_text()
    assert [f.code for f in findings(paste)] == ["AssertionError"]
    # The real arrows of IPython's output at any other statement say nothing alone; neither
    # does an assert in a code block without IPython's arrow.
    arrows = {
        line
        for log in sorted(TERMINAL.glob("ipython*-nocolor.log"))
        for line in log.read_text(encoding="utf-8").splitlines()
        if line.lstrip().startswith(("-->", "---->", "->"))
    }
    assert len(arrows) >= 3
    for arrow in arrows:
        assert [f.exception for f in findings(f"```\n{arrow}\n```\n")] != ["AssertionError"]
    code = paste.replace("--> 520   ", "")
    assert [f.code for f in findings(code)] == []


OLD_LOGS = LOGS.parents[1] / "jax-0.10.2" / "script"


def _last_error(log: Path) -> tuple[str, str]:
    event = parse_text(strip_ansi(log.read_text(encoding="utf-8")))[-1]
    return event.exc_type, event.message.strip().split("\n", 1)[0]


@pytest.mark.parametrize("log", [LOGS, OLD_LOGS], ids=["jax-0.12.0.1", "jax-0.10.2"])
@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("jac_holomorphic_real_input", "jacfwd-holomorphic-real-input"),
        ("jac_holomorphic_real_output", "jacfwd-holomorphic-real-output"),
        ("grad_holomorphic_real_input", "grad-holomorphic-real-input"),
    ],
)
def test_a_cut_message_whose_first_word_one_record_has_is_not_anothers_placeholder(
    log: Path, name: str, code: str
) -> None:
    """``jacfwd with holomorphic=True ...`` cut short is jacfwd's record, not the one whose
    template begins ``{name} with holomorphic=True``."""
    exc_type, first = _last_error(log / f"{name}.log")
    cut = first[:50].rsplit(" ", 1)[0]
    for text in (f"{exc_type}: {cut} ...\n", f"It fails with `{exc_type}: {cut} (...)`.\n"):
        assert [f.code for f in findings(text)] == [code], text
    # As a title's quote, with no class.
    assert [f.code for f in findings(f'# Fails with "{first[:70]}"\n\nbody\n')] == [code]


def test_a_title_quoting_a_past_wording_cut_short_is_never_the_record_its_prose_runs_into() -> None:
    # 0.10.2's custom_vjp bwd message; "the same " runs on into another record's text.
    exc_type, first = _last_error(OLD_LOGS / "custom_vjp_bwd_shape.log")
    got = [f.code for f in findings(f'# Fails with "{first[:70]}"\n\nbody\n')]
    assert got in ([], ["custom-vjp-bwd-args-mismatch"]), got
    got = [f.code for f in findings(f"It fails with `{exc_type}: {first[:48]} (...)`.\n")]
    assert got in ([exc_type], ["custom-vjp-bwd-args-mismatch"]), got


def _summary(exc_type: str, first: str, cut_class: str | None = None) -> str:
    """pytest's short summary with the same error twice, then a third line: that error with
    its class cut by the paste's end (``cut_class``), or nothing more."""
    lines = [f"FAILED tests/test_m.py::test_step[{n}] - {exc_type}: {first}" for n in (0, 1)]
    if cut_class is not None:
        lines.append(f"FAILED tests/test_m.py::test_step[2] - {cut_class}".rstrip(" -"))
    return "=" * 20 + " short test summary info " + "=" * 20 + "\n" + "\n".join(lines) + "\n"


def test_a_summary_line_cut_inside_its_class_at_the_pastes_end_is_the_error_it_begins() -> None:
    """An excerpt that ends inside a summary line's class (``jax.errors.U``), or before it
    (``FAILED tests/test_m.py``): that line is the error the earlier lines show, not a class
    named by the letters left."""
    checked = 0
    for name, exc_type, message, _ in explained_errors():
        first = message.strip().split("\n", 1)[0]
        whole = [f.code for f in findings(_summary(exc_type, first))]
        if not whole:
            continue
        for cut in (exc_type[: len(exc_type) // 2], exc_type[:-3], ""):
            got = [f.code for f in findings(_summary(exc_type, first, cut))]
            assert got == whole + whole[-1:], (name, cut, got)
            checked += 1
    assert checked >= 90


def test_a_class_the_paste_does_not_end_with_or_that_begins_no_earlier_one_stays() -> None:
    """Only the paste's last line can be cut by its end; a complete class that begins no
    earlier error's class is taken as printed; an empty one after errors of two classes says
    nothing that can be told, and is left out."""
    name, exc_type, message, _ = explained_errors()[0]
    first = message.strip().split("\n", 1)[0]
    short = exc_type.rsplit(".", 1)[-1]
    cut = exc_type[:-3]
    inside = _summary(exc_type, first, cut) + "FAILED tests/test_m.py::test_other - KeyError\n"
    assert [f.code for f in findings(inside)][2:] == [cut.rsplit(".", 1)[-1], "KeyError"]
    other = _summary(exc_type, first, "AssertionError")
    assert [f.code for f in findings(other)][-1] == "AssertionError"
    two = _summary(exc_type, first).replace(
        f"[1] - {exc_type}", "[1] - KeyError" if short != "KeyError" else "[1] - ValueError"
    )
    mixed = two + "FAILED tests/test_m.py\n"
    assert len(findings(mixed)) == 2, name


def test_a_pytest_truncated_summary_line_is_the_record_its_beginning_is() -> None:
    """pytest cuts a summary line to the terminal's width and ends it with ``...``: the text
    kept is the beginning of the record's message, when only one raise site begins so."""
    checked = 0
    for name, exc_type, message, code in explained_errors():
        record = catalog().record(code)
        assert record is not None
        # Cut in the record's own words (before its first placeholder), as wide as they go.
        head = record.error_message.split("{", 1)[0].split("\n", 1)[0]
        kept = head[: len(head) - 4]
        if len(kept) < 30 or not message.startswith(kept):
            continue
        if any(
            other.code != code and other.error_message.startswith(kept)
            for other in catalog().records
        ):
            continue
        got = findings(f"FAILED tests/test_m.py::test_step - {exc_type}: {kept}...\n")
        assert [f.code for f in got] == [code], (name, kept)
        checked += 1
    assert checked >= 15


def _sentence(message: str) -> str | None:
    """The message's first line up to a word boundary past 35 characters, or None."""
    first = message.strip().split("\n", 1)[0]
    cut = first[:60].rsplit(" ", 1)[0]
    return cut if len(cut) >= 35 and len(first) > 60 and '"' not in cut else None


def test_a_quote_that_opens_a_title_is_read_as_a_message_beginning() -> None:
    """``# "Encountered an unexpected tracer" when scanning``: the quote's opening mark is the
    prose's, not a quoting of the whole line, so the quote is read on its own."""
    checked = 0
    for name, _, message, _ in explained_errors():
        quoted = _sentence(message)
        alone = catalog().match(quoted) if quoted is not None else None
        if alone is None:
            continue
        got = findings(f'# "{quoted}" when calling grad inside jit\n\nAny idea?\n')
        assert [f.code for f in got] == [alone.record.code], (name, quoted)
        checked += 1
    assert checked >= 15


def test_a_quote_whose_first_letter_the_prose_lowered_is_read_as_jax_wrote_it() -> None:
    """``error message "abstract value passed to `bool`"``: the quoted beginning of a message
    with its capital lowered finds the record the message's own beginning finds."""
    checked = 0
    for name, _, message, _ in explained_errors():
        quoted = _sentence(message)
        if quoted is None or not quoted[0].isupper() or not quoted[1:2].islower():
            continue
        alone = catalog().match(quoted)
        if alone is None:
            continue
        lowered = quoted[0].lower() + quoted[1:]
        got = findings(f'# Better hints in the error message "{lowered}"\n\nbody\n')
        assert [f.code for f in got] == [alone.record.code], (name, lowered)
        checked += 1
    assert checked >= 10


def test_a_message_of_several_paragraphs_cut_short_is_its_records_beginning() -> None:
    """pytest's ``E`` lines cut by the paste's end anywhere past the first line of a message of
    several paragraphs: the record whose message breaks its first line where this one's does,
    when the rest fits it as far as it goes."""
    checked = 0
    for name, exc_type, message, code in explained_errors():
        text = message.strip()
        first = text.split("\n", 1)[0]
        if "\n\n" not in text or literal_chars(first) < 24:
            continue
        for at in (len(first) + (len(text) - len(first)) // 2, len(text) - 12):
            cut = text[:at].rsplit(" ", 1)[0].rstrip()
            if len(cut) <= len(first):
                continue
            lines = [f"E       {exc_type}: {first}"]
            lines += [f"E       {line}".rstrip() for line in cut.splitlines()[1:]]
            got = findings("    def test_step():\n>       step(x)\n" + "\n".join(lines) + "\n")
            assert [f.code for f in got] == [code], (name, cut[-40:])
            checked += 1
    assert checked >= 6


def test_a_several_paragraph_message_whose_later_text_is_anothers_is_not_cut_short() -> None:
    """The first line is one record's, but what follows is no beginning of its message."""
    for name, exc_type, message, code in explained_errors():
        text = message.strip()
        first = text.split("\n", 1)[0]
        if "\n\n" not in text or literal_chars(first) < 24:
            continue
        foreign = f"{first}\n\nSomething entirely unlike the rest of it.\n\nAnd more of it here"
        found = catalog().match(foreign, exc_type)
        assert found is None or found.stage not in ("prefix",) or found.record.code == code, name
