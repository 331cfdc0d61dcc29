"""Known-error records: the Record model, and loading and validating record files."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from jaxerr_ls import PACKAGE_DIR
from jaxerr_ls.jsonfields import FieldError, FileProblem, json_files, optional_str, required_str
from jaxerr_ls.patterns import UnsafePattern, check_safe_pattern

SEVERITIES = ("error", "warning", "information", "hint")
_GROUP_NAME_RE = re.compile(r"\(\?P<([A-Za-z_]\w*)>")
CODE_RE = re.compile(r"^[a-z0-9][a-z0-9-]{1,79}$")
# A pinned link names a full commit or a release tag, never a moving branch.
PINNED_GITHUB_URL_RE = re.compile(
    r"^https://github\.com/[\w.-]+/[\w.-]+/blob/"
    r"(?:[0-9a-f]{40}|jax-v\d+\.\d+\.\d+(?:\.\d+)?|v\d+\.\d+\.\d+(?:\.\d+)?)/"
    r"[\w./-]+\.py(?:#L\d+(?:-L\d+)?)?$"
)


class CulpritKind(str, Enum):
    """What a record's error is really about when JAX fails far from it (``culprit`` in JSON):
    the culprit search looks for this kind of definition, by the pattern's named captures."""

    # custom_vjp / custom_jvp rules, found through ``defvjp`` / ``defjvp`` and the capture
    # ``primal`` (the function's name, maybe "NAME at PATH:LINE") where the message has one.
    CUSTOM_VJP_BWD = "custom_vjp.bwd"
    CUSTOM_VJP_FWD = "custom_vjp.fwd"
    CUSTOM_JVP_RULE = "custom_jvp.rule"
    # A decorated function that never got its rules (capture ``primal``).
    CUSTOM_VJP_FUNCTION = "custom_vjp.function"
    CUSTOM_JVP_FUNCTION = "custom_jvp.function"
    # A hijax primitive's method that broke its contract (capture ``primitive``: its class).
    HIJAX_VJP_BWD = "hijax.vjp_bwd"
    # Its ``vjp_fwd``, whose residuals break the contract (structured residuals without the
    # ``vjp_bwd`` that takes them apart).
    HIJAX_VJP_FWD = "hijax.vjp_fwd"
    # Its ``vjp_bwd_retval``, where the message names no class (JAX's generic pytree error):
    # the one hijax class of the traceback's modules and those beside them that defines it.
    HIJAX_VJP_BWD_RETVAL = "hijax.vjp_bwd_retval"
    HIJAX_TRANSPOSE = "hijax.transpose"
    # A hijax primitive class that lacks a method JAX needs (capture ``primitive``).
    HIJAX_CLASS = "hijax.class"
    # The statement of a hijax class body that binds a pair of rules (``vjp_from_jvp``) to
    # one name, in a class the traceback's lines construct.
    HIJAX_RULE_PAIR = "hijax.rule_pair"
    # The function a transform (grad, vjp, jvp, ...) received: its offending ``return``s.
    TRANSFORM_FUNCTION = "transform.function"
    # What built an argument the transform refused (an int array), or the argnums choosing it.
    TRANSFORM_ARGUMENT = "transform.argument"
    # The construction of a tangent or cotangent of the wrong shape or dtype.
    TRANSFORM_TANGENT = "transform.tangent"
    # The ``argnums`` of a grad (or the grad call, for its default 0) that selects a parameter
    # declared to take a Ref; or, where the parameter is read as an array, the expression that
    # hands the Ref on in place of its value (a ``@property`` returning it).
    TRANSFORM_REF_SELECTED = "transform.ref_selected"
    # Where a transform's option the message names (``holomorphic=True``) is set: the keyword,
    # or the entry of the settings dict the call unpacks into its keywords.
    TRANSFORM_OPTION = "transform.option"
    # The constant key a registry lookup (``OBJECTIVES[settings["objective"]]``) is read with,
    # where it chooses the function a transform cannot go through (an integer metric given to
    # grad, an API without a derivative rule) among entries it can.
    TRANSFORM_CHOICE = "transform.choice"
    # The ``with_refs`` entry for the argument a message names (capture ``argument``:
    # "the argument at position args[1] of ..."), followed to the line that built it.
    REFS_ARGUMENT = "refs.argument"
    # The container given to ``with_refs`` for an argument of another structure (capture
    # ``difference``: "args[0] was a <class 'tuple'> ..., but a <class 'list'> ..."), where it
    # is built on another line.
    REFS_TREE = "refs.tree"
    # The flag whose value leaves a VJP applied without the ``with_refs`` the other branch of
    # its ``if`` binds gradient refs with (found for ``REFS_ARGUMENT``).
    REFS_SWITCHED_OFF = "refs.switched_off"
    # The ``jax.jit`` that traces the one argument a Python value depends on (captures
    # ``traced``, ``transform`` and ``arguments`` of the message's "while tracing" sentence).
    TRACER_JIT_ARGUMENT = "tracer.jit_argument"
    # The registration or declaration that makes a traced field of a pytree argument a leaf
    # (``data_fields``, a field not declared static; found for ``TRACER_JIT_ARGUMENT``).
    TRACER_PYTREE_FIELD = "tracer.pytree_field"
    # A Python list or tuple indexed by a traced value, where it is made (found for the
    # records of ``TRACER_JIT_ARGUMENT`` when no jit argument is to blame).
    TRACER_PYTHON_CONTAINER = "tracer.python_container"
    # Where the traced code computes a size from an array's values (``max_len =
    # jnp.max(lengths)`` before ``jnp.arange(max_len)``; found for the records of
    # ``TRACER_JIT_ARGUMENT`` when no jit argument or container is to blame).
    TRACER_DATA_SIZE = "tracer.data_size"
    # The loop reverse mode cannot differentiate: a ``while_loop``, or the ``jax.jit`` that
    # makes a ``fori_loop``'s bounds traced.
    LOOP_BOUNDS = "loop.bounds"
    # ``static_argnums`` of a ``jax.checkpoint`` / ``jax.remat`` (capture ``value``).
    CHECKPOINT_STATIC_ARGNUMS = "checkpoint.static_argnums"
    # A ``custom_linear_solve`` call without ``transpose_solve`` or ``symmetric=True``.
    CUSTOM_LINEAR_SOLVE_CALL = "custom_linear_solve.call"
    # The traced value a custom_vjp function closes over, where it is handed to its factory.
    CUSTOM_VJP_CLOSURE = "custom_vjp.closure"
    # The forward-mode transform (``jax.hessian``, ``jax.jacfwd``, ``jax.jvp``) that reaches a
    # custom_vjp function.
    CUSTOM_VJP_FORWARD_TRANSFORM = "custom_vjp.forward_transform"
    # The non-linear operation (capture ``primitive``: its JAX name, ``sin``) in a function
    # given to ``jax.linear_transpose``.
    LINEAR_TRANSPOSE_NONLINEAR = "linear_transpose.nonlinear"
    # The ``return`` that reduces a complex value to the differentiated function's output.
    COMPLEX_OUTPUT = "complex.output"
    # The ``jax.pure_callback`` call a transform reached, when the error surfaced elsewhere.
    PURE_CALLBACK_CALL = "pure_callback.call"
    # The ``nondiff_argnums`` of the custom_vjp function the failing line calls, where a traced
    # value is passed at one of those positions.
    CUSTOM_VJP_NONDIFF_ARGNUMS = "custom_vjp.nondiff_argnums"
    # The effectful call (``io_callback``) on the traceback's lines (a loop body's) or in a
    # checkpointed function they call, where the error surfaced elsewhere.
    EFFECT_CALLBACK = "effect.callback"
    # A ``lax.reduce_window`` whose reducer JAX has no derivative for (``jnp.maximum``), in a
    # function the traceback's lines call (a jitted one: the error surfaces at its call).
    REDUCE_WINDOW_REDUCER = "reduce_window.reducer"
    # The ``return`` of the transpose function given to ``linear_call``.
    LINEAR_CALL_TRANSPOSE = "linear_call.transpose"
    # The assignment that binds a second name to a Ref a custom_vjp function also gets under
    # its first name (captures ``original`` and ``alias``: the two parameters).
    REFS_ALIASED = "refs.aliased"
    # Where a Ref is made outside the differentiated function that writes a differentiated
    # value into it and reads it back (``self.trace = jax.new_ref(...)`` in ``__init__``).
    REFS_MADE_OUTSIDE = "refs.made_outside"
    # The write of a differentiated value into a Ref that only keeps what it is given, where
    # the error surfaces at the call of the transform that traced it (``lax.fori_loop``):
    # found for ``REFS_MADE_OUTSIDE``.
    REFS_WRITE = "refs.write"
    # Found for a ``culpritAtCall`` record that names the failing call's argument at fault
    # (``culpritAtCallArgument``), where the failing function only passes on a parameter of
    # its own there: the argument its traceback caller hands over, or that call, where it
    # leaves the parameter to its default.
    CALL_HANDED = "call.handed"


# Kinds no record declares: each is looked for, in order, for the records of the kind they
# are keyed by, when that kind finds nothing.
FALLBACK_KINDS: dict[CulpritKind, tuple[CulpritKind, ...]] = {
    CulpritKind.TRACER_JIT_ARGUMENT: (
        CulpritKind.TRACER_PYTHON_CONTAINER,
        CulpritKind.TRACER_DATA_SIZE,
    ),
}
# Kinds no record declares that another kind's finder reports in its place: a traced field
# of a pytree argument blames its registration, not the jit (``culprit_leaves``).
FOUND_WITH: dict[CulpritKind, CulpritKind] = {
    CulpritKind.TRACER_PYTREE_FIELD: CulpritKind.TRACER_JIT_ARGUMENT,
    CulpritKind.REFS_SWITCHED_OFF: CulpritKind.REFS_ARGUMENT,
    CulpritKind.REFS_WRITE: CulpritKind.REFS_MADE_OUTSIDE,
}
# The named captures each culprit kind reads; a record of that kind must define them.
CULPRIT_CAPTURES: dict[CulpritKind, frozenset[str]] = {
    CulpritKind.CUSTOM_VJP_BWD: frozenset(),
    CulpritKind.CUSTOM_VJP_FWD: frozenset(),
    CulpritKind.CUSTOM_JVP_RULE: frozenset(),
    CulpritKind.CUSTOM_VJP_FUNCTION: frozenset({"primal"}),
    CulpritKind.CUSTOM_JVP_FUNCTION: frozenset({"primal"}),
    CulpritKind.HIJAX_VJP_BWD: frozenset({"primitive"}),
    CulpritKind.HIJAX_TRANSPOSE: frozenset({"primitive"}),
    CulpritKind.HIJAX_CLASS: frozenset({"primitive"}),
    CulpritKind.TRANSFORM_FUNCTION: frozenset(),
    CulpritKind.TRANSFORM_ARGUMENT: frozenset(),
    CulpritKind.TRANSFORM_TANGENT: frozenset(),
    CulpritKind.TRANSFORM_REF_SELECTED: frozenset(),
    CulpritKind.TRANSFORM_OPTION: frozenset(),
    CulpritKind.TRANSFORM_CHOICE: frozenset(),
    CulpritKind.REFS_ARGUMENT: frozenset({"argument"}),
    CulpritKind.REFS_TREE: frozenset({"difference"}),
    CulpritKind.REFS_SWITCHED_OFF: frozenset(),
    CulpritKind.TRACER_JIT_ARGUMENT: frozenset({"traced", "transform", "arguments"}),
    CulpritKind.TRACER_PYTREE_FIELD: frozenset(),
    CulpritKind.TRACER_PYTHON_CONTAINER: frozenset(),
    CulpritKind.TRACER_DATA_SIZE: frozenset(),
    CulpritKind.LOOP_BOUNDS: frozenset(),
    CulpritKind.CHECKPOINT_STATIC_ARGNUMS: frozenset({"value"}),
    CulpritKind.CUSTOM_LINEAR_SOLVE_CALL: frozenset(),
    CulpritKind.CUSTOM_VJP_CLOSURE: frozenset(),
    CulpritKind.CUSTOM_VJP_FORWARD_TRANSFORM: frozenset(),
    CulpritKind.LINEAR_TRANSPOSE_NONLINEAR: frozenset({"primitive"}),
    CulpritKind.COMPLEX_OUTPUT: frozenset(),
    CulpritKind.PURE_CALLBACK_CALL: frozenset(),
    CulpritKind.REFS_MADE_OUTSIDE: frozenset(),
    CulpritKind.REFS_WRITE: frozenset(),
    CulpritKind.CALL_HANDED: frozenset(),
    CulpritKind.REFS_ALIASED: frozenset({"original", "alias"}),
    CulpritKind.HIJAX_VJP_FWD: frozenset({"primitive"}),
    CulpritKind.HIJAX_VJP_BWD_RETVAL: frozenset(),
    CulpritKind.HIJAX_RULE_PAIR: frozenset(),
    CulpritKind.CUSTOM_VJP_NONDIFF_ARGNUMS: frozenset(),
    CulpritKind.EFFECT_CALLBACK: frozenset(),
    CulpritKind.LINEAR_CALL_TRANSPOSE: frozenset(),
    CulpritKind.REDUCE_WINDOW_REDUCER: frozenset(),
}


@dataclass(frozen=True, slots=True)
class FrameCondition:
    """A frame a record's error must show (``raisedIn`` in JSON): one whose printed path ends
    with ``path`` (at a ``/``) and that runs ``function``. A record with conditions owns a
    message only in a traceback that has such a frame: JAX raises a generic message (a pytree
    mismatch) for many mistakes, and only where it was raised says which."""

    path: str
    function: str

    def holds(self, path: str, function: str | None) -> bool:
        return function == self.function and path_ends_with(path, self.path)


def path_ends_with(printed: str, path: str) -> bool:
    """Whether a traceback's printed path (any separator) is ``path``, or ends with it at a
    ``/``: the file of JAX's a frame runs in, however deep its site-packages lies."""
    printed = printed.replace("\\", "/")
    return printed == path or printed.endswith("/" + path)


def parse_at_call_argument(text: str) -> tuple[str | None, int | None] | None:
    """A ``culpritAtCallArgument``: (keyword, position), either None; None when malformed."""
    keyword, at, position = text.strip().partition("@")
    if keyword and not keyword.isidentifier():
        return None
    if position and not position.isdigit():
        return None
    if not keyword and not position:
        return None
    return keyword or None, int(position) if at and position else None


# The shared kinds, under names that say what they are about here.
RecordProblem = FileProblem
RecordFieldError = FieldError


@dataclass(frozen=True, slots=True)
class Record:
    """One known error: how to recognise its message and what to tell the user about it."""

    id: str
    code: str
    error_message: str
    message_pattern: str
    error_class: str
    severity: str
    documentation: str
    solutions: tuple[str, ...]
    slug: str | None = None
    repo: str | None = None
    file_path: str | None = None
    line_number: int | None = None
    github_url: str | None = None
    trigger_scenarios: str | None = None
    common_situations: str | None = None
    example_fix: str | None = None
    prevention_tips: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    apis: tuple[str, ...] = ()
    more_specific_than: tuple[str, ...] = ()
    culprit: CulpritKind | None = None
    # Why the fault is the failing call itself when the record has no culprit kind
    # (``culpritAtCall`` in JSON): an argument or option written wrongly in that call.
    culprit_at_call: str | None = None
    # Which argument of the failing call (a call of one of ``apis``) that reason is about
    # (``culpritAtCallArgument``): ``keyword@position`` (``has_aux@2``), either part optional
    # (``@1``: the one argument after the function, passed by position only).
    culprit_at_call_argument: str | None = None
    raised_in: tuple[FrameCondition, ...] = ()
    dataset_version: str | None = None
    source_path: str | None = None
    raw: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def capture_names(self) -> frozenset[str]:
        """The names of the pattern's named groups (``(?P<name>...)``)."""
        return frozenset(_GROUP_NAME_RE.findall(self.message_pattern))

    @property
    def summary(self) -> str:
        """The record's one-line meaning: the first sentence of its documentation."""
        text = " ".join(self.documentation.split())
        match = re.search(r"(?<=[.!?])\s+(?=[A-Z(`])", text)
        return text if match is None else text[: match.start()]


@dataclass(slots=True)
class LoadResult:
    """The records that loaded, and a problem for each one that did not."""

    records: list[Record] = field(default_factory=list)
    problems: list[RecordProblem] = field(default_factory=list)


def _str_list(raw: dict[str, Any], name: str, *, required: bool = False) -> tuple[str, ...]:
    value = raw.get(name)
    if value is None:
        if required:
            raise RecordFieldError(name, "missing")
        return ()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise RecordFieldError(name, "must be a list of strings")
    return tuple(value)


def _frame_conditions(raw: dict[str, Any]) -> tuple[FrameCondition, ...]:
    value = raw.get("raisedIn")
    if value is None:
        return ()
    problem = 'must be a non-empty list of {"path": ..., "function": ...}'
    if not isinstance(value, list) or not value:
        raise RecordFieldError("raisedIn", problem)
    found = []
    for item in value:
        if (
            not isinstance(item, dict)
            or set(item) != {"path", "function"}
            or not all(isinstance(v, str) and v for v in item.values())
        ):
            raise RecordFieldError("raisedIn", problem)
        found.append(FrameCondition(item["path"], item["function"]))
    return tuple(found)


def _derive_code(raw: dict[str, Any]) -> str:
    for name in ("code", "slug"):
        value = raw.get(name)
        if isinstance(value, str) and value:
            if not CODE_RE.match(value):
                message = f"{value!r} is not a code (lowercase letters, digits, '-')"
                raise RecordFieldError(name, message)
            return value
    return f"jax-{raw['id']}"


def record_from_dict(
    raw: Any,
    *,
    source_path: str | None = None,
    dataset_version: str | None = None,
    check_pattern: bool = True,
) -> Record:
    """Validate one record's fields and build it; raises RecordFieldError naming the bad field.

    ``check_pattern=False`` skips compiling the pattern, for a set this tool generated itself
    (thousands of escaped templates); the matcher still refuses a pattern that does not compile.
    """
    if not isinstance(raw, dict):
        raise RecordFieldError("record", f"must be an object, not {type(raw).__name__}")
    record_id = required_str(raw, "id")
    pattern = required_str(raw, "messagePattern")
    if check_pattern:
        try:
            check_safe_pattern(pattern)
        except re.error as exc:
            raise RecordFieldError("messagePattern", f"does not compile: {exc}") from None
        except UnsafePattern as exc:
            raise RecordFieldError("messagePattern", str(exc)) from None
    severity = raw.get("severity", "error")
    if severity not in SEVERITIES:
        message = f"must be one of {', '.join(SEVERITIES)}, not {severity!r}"
        raise RecordFieldError("severity", message)
    line_number = raw.get("lineNumber")
    if line_number is not None and (
        not isinstance(line_number, int) or isinstance(line_number, bool) or line_number < 1
    ):
        raise RecordFieldError("lineNumber", "must be a positive integer or null")
    culprit = optional_str(raw, "culprit")
    try:
        culprit_kind = CulpritKind(culprit) if culprit is not None else None
    except ValueError:
        known = ", ".join(kind.value for kind in CulpritKind)
        raise RecordFieldError("culprit", f"{culprit!r} is not one of {known}") from None
    if culprit_kind is not None:
        missing = CULPRIT_CAPTURES[culprit_kind] - frozenset(_GROUP_NAME_RE.findall(pattern))
        if missing:
            names = ", ".join(sorted(missing))
            raise RecordFieldError(
                "messagePattern", f"culprit {culprit} needs the named groups: {names}"
            )
    at_call = optional_str(raw, "culpritAtCall")
    if at_call is not None and (culprit_kind is not None or not at_call.strip()):
        problem = "must be a non-empty reason, and only in a record without a culprit kind"
        raise RecordFieldError("culpritAtCall", problem)
    at_argument = optional_str(raw, "culpritAtCallArgument")
    if at_argument is not None and (at_call is None or parse_at_call_argument(at_argument) is None):
        problem = "must be KEYWORD@POSITION (either part optional), and only with culpritAtCall"
        raise RecordFieldError("culpritAtCallArgument", problem)
    github_url = optional_str(raw, "githubUrl")
    if github_url is not None and not github_url.startswith("https://"):
        raise RecordFieldError("githubUrl", "must be an https:// link")
    return Record(
        id=record_id,
        code=_derive_code(raw),
        error_message=required_str(raw, "errorMessage"),
        message_pattern=pattern,
        error_class=required_str(raw, "errorClass"),
        severity=severity,
        documentation=required_str(raw, "documentation"),
        solutions=_str_list(raw, "solutions", required=True),
        slug=optional_str(raw, "slug"),
        repo=optional_str(raw, "repo"),
        file_path=optional_str(raw, "filePath"),
        line_number=line_number,
        github_url=github_url,
        trigger_scenarios=optional_str(raw, "triggerScenarios"),
        common_situations=optional_str(raw, "commonSituations"),
        example_fix=optional_str(raw, "exampleFix"),
        prevention_tips=_str_list(raw, "preventionTips"),
        tags=_str_list(raw, "tags"),
        apis=_str_list(raw, "apis"),
        more_specific_than=_str_list(raw, "moreSpecificThan"),
        culprit=culprit_kind,
        culprit_at_call=at_call,
        culprit_at_call_argument=at_argument,
        raised_in=_frame_conditions(raw),
        dataset_version=dataset_version,
        source_path=source_path,
        raw=raw,
    )


def split_example(example_fix: str) -> tuple[str | None, str | None]:
    """The before and after code of an exampleFix written as ``# before`` ... ``# after`` ...;
    (None, None) when it is not marked up that way."""
    lines = example_fix.splitlines()
    markers = [
        index
        for index, line in enumerate(lines)
        if line.strip().lower().lstrip("#/ ").rstrip(":") in ("before", "after")
    ]
    if len(markers) != 2:
        return None, None
    before = "\n".join(lines[markers[0] + 1 : markers[1]]).strip("\n")
    after = "\n".join(lines[markers[1] + 1 :]).strip("\n")
    return before, after


def _envelopes(document: Any) -> Iterator[tuple[str, Any, str | None]]:
    """Yield (where, record, datasetVersion) for each record a file holds."""
    if isinstance(document, dict) and "record" in document:
        version = document.get("datasetVersion")
        yield "record", document["record"], version if isinstance(version, str) else None
    elif isinstance(document, dict) and isinstance(document.get("records"), list):
        version = document.get("datasetVersion")
        for index, item in enumerate(document["records"]):
            inner = item.get("record", item) if isinstance(item, dict) else item
            yield f"records[{index}]", inner, version if isinstance(version, str) else None
    else:
        raise RecordFieldError("record", 'expected {"record": {...}, "datasetVersion": ...}')


def load_record_file(path: Path, *, check_patterns: bool = True) -> LoadResult:
    """Load every record in one JSON file, reporting (not raising) what is wrong with it."""
    result = LoadResult()
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        result.problems.append(RecordProblem(str(path), "", f"cannot be read: {exc.strerror}"))
        return result
    except UnicodeDecodeError:
        result.problems.append(RecordProblem(str(path), "", "is not UTF-8 text"))
        return result
    except json.JSONDecodeError as exc:
        message = f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        result.problems.append(RecordProblem(str(path), "", message))
        return result
    try:
        envelopes = list(_envelopes(document))
    except RecordFieldError as exc:
        result.problems.append(RecordProblem(str(path), exc.field_name, exc.message))
        return result
    for where, raw, version in envelopes:
        try:
            result.records.append(
                record_from_dict(
                    raw,
                    source_path=str(path),
                    dataset_version=version,
                    check_pattern=check_patterns,
                )
            )
        except RecordFieldError as exc:
            prefix = "" if where == "record" else f"{where}."
            result.problems.append(RecordProblem(str(path), prefix + exc.field_name, exc.message))
    return result


def bundled_record_dir() -> Path:
    """The folder of curated records shipped with the package (data/records in the repo)."""
    return (Path(PACKAGE_DIR) / "data" / "records").resolve()


def load_records(dirs: Iterable[Path | str] | None = None) -> LoadResult:
    """Load all records from the given folders (or files), earlier folders taking precedence.

    A record whose id or code was already loaded is reported and skipped, so the bundled
    records cannot be shadowed by accident and a team's records never collide silently.
    """
    sources = [bundled_record_dir()] if dirs is None else [Path(d) for d in dirs]
    result = LoadResult()
    seen_ids: dict[str, str] = {}
    seen_codes: dict[str, str] = {}
    for path in json_files(sources, result.problems):
        loaded = load_record_file(path)
        result.problems.extend(loaded.problems)
        for record in loaded.records:
            if record.id in seen_ids:
                message = f"duplicate id {record.id!r} (first in {seen_ids[record.id]})"
                result.problems.append(RecordProblem(str(path), "id", message))
                continue
            if record.code in seen_codes:
                message = f"duplicate code {record.code!r} (first in {seen_codes[record.code]})"
                result.problems.append(RecordProblem(str(path), "code", message))
                continue
            seen_ids[record.id] = str(path)
            seen_codes[record.code] = str(path)
            result.records.append(record)
    return result
