"""The value flow culprits are found through (jaxerr_ls/culprit_flow.py), on small projects
written here (no message needed). The culprits it finds on real output are tested with the
other culprits of the grad family (test_grad_bindings.py, the ``flow_*`` programs)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_culprit_transforms import VERSIONS, Copy, finding
from test_culprit_transforms import copy as copy  # the fixture: a program copied to edit

from jaxerr_ls.culprit_flow import Flow, shape_of
from jaxerr_ls.culprit_state import Code, Place
from jaxerr_ls.locate import ProjectFiles
from jaxerr_ls.spans import Span


def project(tmp_path: Path, modules: dict[str, str]) -> Code:
    for name, text in modules.items():
        (tmp_path / name).write_text(text)
    return Code(ProjectFiles(tmp_path))


def place_of(code: Code, path: Path, text: str, line: int | None = None) -> Place:
    """The expression ``text`` (the last one on its line, or on ``line``) and its scope."""
    model = code.model(path)
    assert model is not None
    found = [
        n
        for n in ast.walk(model.tree)
        if isinstance(n, ast.expr) and ast.unparse(n) == text and (line is None or n.lineno == line)
    ]
    node = max(found, key=lambda n: (n.lineno, n.col_offset))
    scopes = [
        f.scope
        for f in model.functions.values()
        if f.node.lineno <= node.lineno <= (f.node.end_lineno or f.node.lineno)
    ]
    scope = max(scopes, key=lambda s: getattr(s.node, "lineno", 0), default=model.module_scope)
    return Place(path, model, node, scope)


def shown(places: list[Place] | None) -> list[tuple[str, str]] | None:
    if places is None:
        return None
    return [
        (
            p.path.name,
            ast.unparse(p.node) if isinstance(p.node, ast.expr) else type(p.node).__name__,
        )
        for p in places
    ]


def test_names_are_followed_through_unpacking_imports_and_helper_returns(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "shapes.py": "import numpy as np\n\ndef pair(n):\n    return np.zeros(n), np.ones(n)\n",
            "main.py": (
                "from shapes import pair\n\n"
                "def run(n):\n"
                "    lo, hi = pair(n)\n"
                "    total = lo\n"
                "    total += hi\n"
                "    return hi, total\n"
            ),
        },
    )
    flow = Flow(code)
    main = tmp_path / "main.py"
    assert shown(flow.makers(place_of(code, main, "hi", 7))) == [("shapes.py", "np.ones(n)")]
    # An augmented assignment makes a value too: both it and the first value are makers.
    assert shown(flow.makers(place_of(code, main, "total", 7))) == [
        ("shapes.py", "np.zeros(n)"),
        ("main.py", "AugAssign"),
    ]


def test_nested_unpacking_targets_are_followed_level_by_level(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "sim.py": (
                "import numpy as np\n\n"
                "def rollout(n):\n"
                "    state = (np.zeros(n), 1.0, np.ones(3))\n"
                "    return state, [np.arange(n)]\n"
            ),
            "main.py": (
                "from sim import rollout\n\n"
                "def fit(n):\n"
                "    (pos, speed, mass), [ticks] = rollout(n)\n"
                "    (a, *rest), b = rollout(n)\n"
                "    return pos, speed, mass, ticks, rest, b\n"
            ),
        },
    )
    flow = Flow(code)
    main = tmp_path / "main.py"
    assert shown(flow.makers(place_of(code, main, "speed", 6))) == [("sim.py", "1.0")]
    assert shown(flow.makers(place_of(code, main, "mass", 6))) == [("sim.py", "np.ones(3)")]
    assert shown(flow.makers(place_of(code, main, "ticks", 6))) == [("sim.py", "np.arange(n)")]
    # A starred item leaves the positions of its tuple uncertain; the other items are known.
    assert flow.makers(place_of(code, main, "rest", 6)) is None
    assert shown(flow.makers(place_of(code, main, "b", 6))) == [("sim.py", "[np.arange(n)]")]


def test_a_registry_of_functions_and_a_partial_lead_to_the_def(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "registry.py": (
                "import functools\n\n"
                "def huber(r, delta):\n    return r\n\n"
                "def l2(r):\n    return r * r\n\n"
                "LOSSES = {'huber': functools.partial(huber, delta=1.0), 'l2': l2}\n"
            ),
            "main.py": "import registry\n\ndef pick():\n    return registry.LOSSES['huber']\n",
        },
    )
    flow = Flow(code)
    [callee] = flow.callees(place_of(code, tmp_path / "main.py", "registry.LOSSES['huber']"))
    assert callee.function.name == "huber"
    assert callee.partial is not None
    fixed = callee.fixed("delta")
    assert fixed is not None and ast.unparse(fixed.node) == "1.0"


def test_a_factory_gives_its_inner_function_and_binds_its_parameters(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "main.py": (
                "def make(scale):\n"
                "    def apply(x):\n"
                "        return x * scale\n"
                "    return apply\n\n"
                "def use():\n"
                "    f = make(3)\n"
                "    return f\n"
            ),
        },
    )
    flow = Flow(code)
    [callee] = flow.callees(place_of(code, tmp_path / "main.py", "f", 8))
    assert callee.function.name == "apply"
    # The factory's parameter, read in the inner function, holds what the factory got.
    scale = place_of(code, tmp_path / "main.py", "scale", 3)
    assert shown(flow.makers(scale)) == [("main.py", "3")]


def test_a_method_is_found_in_a_base_class_of_another_module(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "mixins.py": (
                "class Backward:\n"
                "    def vjp_bwd(self, res, g):\n"
                "        return self.cotangents(res, g)\n"
            ),
            "prims.py": (
                "import mixins\n\n"
                "class Scale(mixins.Backward, object):\n"
                "    def cotangents(self, res, g):\n"
                "        return g\n"
            ),
        },
    )
    path = tmp_path / "prims.py"
    model = code.model(path)
    assert model is not None
    [cls] = list(model.classes)
    found = Flow(code).method(Place(path, model, cls, model.module_scope), "vjp_bwd")
    assert found is not None
    assert found.place.path.name == "mixins.py"
    assert found.function.name == "vjp_bwd"


def test_an_attribute_is_followed_to_the_field_default_or_the_constructor_argument(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "config.py": (
                "from typing import NamedTuple\n\n"
                "class Settings(NamedTuple):\n"
                "    rate: float = 1\n"
                "    decay: float = 0.5\n"
            ),
            "main.py": (
                "from config import Settings\n\n"
                "def build(s):\n"
                "    return s.rate, s.decay\n\n"
                "def main():\n"
                "    s = Settings(decay=2)\n"
                "    return build(s)\n"
            ),
        },
    )
    main = tmp_path / "main.py"
    frames = [Span(main, 8, 0, 8, 0)]
    flow = Flow(code, frames)
    assert shown(flow.makers(place_of(code, main, "s.rate"))) == [("config.py", "1")]
    assert shown(flow.makers(place_of(code, main, "s.decay"))) == [("main.py", "2")]


def test_the_flow_is_in_doubt_for_loop_variables_and_unknown_parameters(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "main.py": ("def f(xs, y):\n    for x in xs:\n        pass\n    return x, y\n"),
        },
    )
    flow = Flow(code)
    main = tmp_path / "main.py"
    assert flow.makers(place_of(code, main, "x", 4)) is None
    # A parameter no call on the traceback passes: nothing to follow.
    assert flow.makers(place_of(code, main, "y", 4)) is None


def test_shapes_of_arrays_built_with_known_sizes(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "main.py": (
                "import jax\nimport jax.numpy as jnp\n\n"
                "def build(key, n):\n"
                "    w = jax.random.normal(key, (5, 2)) * 0.1\n"
                "    b = jnp.zeros(w.shape[1:])\n"
                "    c = jnp.ones_like(w)[0]\n"
                "    d = jnp.zeros((n, 2))\n"
                "    return w, b, c, d\n"
            ),
        },
    )
    flow = Flow(code)
    main = tmp_path / "main.py"
    assert shape_of(flow, place_of(code, main, "w", 9)) == (5, 2)
    assert shape_of(flow, place_of(code, main, "b", 9)) == (2,)
    # Indexing and sizes the flow cannot read leave the shape unknown.
    assert shape_of(flow, place_of(code, main, "c", 9)) is None
    assert shape_of(flow, place_of(code, main, "d", 9)) is None


# -- where the flow leaves doubt, it picks nothing (the captured programs, edited in a copy
# without moving a line, so the same real output applies) ------------------------------------


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(
    ("case", "file", "old", "new", "chosen"),
    [
        # Both operands of the returned sum are surely vectors: neither is chosen.
        (
            "flow_vector_operand",
            "objective.py",
            "resid @ resid",
            "jnp.outer(resid, resid)",
            'shrink = lam * jnp.concatenate([params["w"], params["b"]]) ** 2',
        ),
        # The flag comes from a value the flow cannot read (an environment variable).
        (
            "flow_aux_flag_default",
            "objectives.py",
            "details=False",
            "details=bool(os.environ.get('NLL_DETAILS'))",
            "bool(os.environ.get('NLL_DETAILS'))",
        ),
        # The loss object is one of two classes, chosen at run time: no ``__call__`` is.
        (
            "flow_loss_base_call",
            "main.py",
            "model = Regressor(MeanSquared())",
            "model = Regressor(MeanSquared() if x0 else Other())",
            "return jnp.mean(sq, axis=self.axis)",
        ),
        # The int default is overridden by a float where the instance is made.
        (
            "flow_int_init_default",
            "main.py",
            "layer = Scaler()",
            "layer = Scaler(gain=2.0)",
            "2",
        ),
        # Two initializers of the registry build ints: which entry failed is open.
        (
            "flow_int_registry_decorator",
            "inits.py",
            "jax.random.normal(jax.random.key(0), shape) * 0.1",
            "jnp.zeros(shape, dtype=int)",
            "jnp.full(shape, 1)",
        ),
        # One entry's shape is unknown: it may be the one with the printed shape too.
        (
            "flow_tangent_tuple_entry",
            "probes.py",
            "jnp.ones_like(w), ",
            "jnp.ones(len(w)), ",
            "jnp.full(w.shape[1:], 0.5)",
        ),
    ],
)
def test_the_flow_chooses_nothing_where_it_leaves_doubt(
    copy: Copy, case: str, file: str, old: str, new: str, chosen: str, version: str
) -> None:
    root = copy(case)
    path = root / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    found = finding(case, version, root)
    assert found.match is not None
    # What the flow would choose without the doubt is not reported.
    reported = [
        c.span.path.read_text().splitlines()[c.span.line - 1][c.span.col : c.span.end_col]
        for c in found.culprits
        if c.span.line == c.span.end_line
    ]
    assert chosen not in reported


def branching(steps: int) -> str:
    """A function whose names have three bindings each, all of the name before: the paths to
    ``v0 = 0`` triple at every step."""
    lines = ["def f(flag, other):", "    v0 = 0"]
    for i in range(1, steps + 1):
        lines += [f"    v{i} = v{i - 1}", "    if flag:", f"        v{i} = v{i - 1}"]
        lines += ["    if other:", f"        v{i} = v{i - 1}"]
    return "\n".join([*lines, f"    return v{steps}"]) + "\n"


def test_a_flow_that_branches_at_every_step_gives_up_instead_of_hanging(tmp_path: Path) -> None:
    code = project(tmp_path, {"few.py": branching(5), "many.py": branching(9)})
    # 3**5 paths: followed to the one value they all lead to.
    assert shown(Flow(code).makers(place_of(code, tmp_path / "few.py", "v5"))) == [("few.py", "0")]
    # 3**9 paths: more steps than one flow takes, so it is in doubt.
    assert Flow(code).makers(place_of(code, tmp_path / "many.py", "v9")) is None


def test_a_read_sees_the_bindings_that_reach_it(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "m.py": (
                "import numpy as np\n\n"
                "def run(raw, flag):\n"
                "    x = np.zeros(3)\n"
                "    x, y = np.asarray(x), raw\n"  # reads the ``x`` of line 4
                "    z = x\n"  # line 6: only line 5's ``x`` reaches
                "    if flag:\n"
                "        x = np.ones(3)\n"
                "    w = x\n"  # line 9: lines 5 and 8 both may
                "    for _ in range(3):\n"
                "        v = x\n"  # line 11: line 8 or 5, and line 12 on later turns
                "        x = np.eye(3)\n"
                "    return z, w, v\n"
            )
        },
    )
    path = tmp_path / "m.py"
    flow = Flow(code)
    assert shown(flow.makers(place_of(code, path, "x", line=5))) == [("m.py", "np.zeros(3)")]
    assert shown(flow.makers(place_of(code, path, "x", line=6))) == [("m.py", "np.asarray(x)")]
    assert shown(flow.makers(place_of(code, path, "x", line=9))) == [
        ("m.py", "np.asarray(x)"),
        ("m.py", "np.ones(3)"),
    ]
    assert shown(flow.makers(place_of(code, path, "x", line=11))) == [
        ("m.py", "np.asarray(x)"),
        ("m.py", "np.ones(3)"),
        ("m.py", "np.eye(3)"),
    ]


def test_a_loop_variable_takes_the_items_of_the_displays_it_goes_over(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "m.py": (
                "import numpy as np\n\n"
                "ROWS = ({'n': 1}, {'n': 2.5})\n\n"
                "def firsts(rows):\n"
                "    return [np.array(r) for r in rows]\n\n"
                "def run():\n"
                "    counts = [row['n'] for row in ROWS]\n"
                "    for a in firsts(ROWS):\n"
                "        print(a)\n"
                "    for b in range(3):\n"
                "        print(b)\n"
                "    for i, c in enumerate(ROWS):\n"
                "        print(i, c)\n"
                "    for name, d in zip(('x', 'y'), [np.ones(2), np.eye(2)]):\n"
                "        print(name, d)\n"
                "    for key, e in {'k': np.zeros(1)}.items():\n"
                "        print(key, e)\n"
                "    return counts\n"
            )
        },
    )
    path = tmp_path / "m.py"
    flow = Flow(code)
    assert shown(flow.makers(place_of(code, path, "row['n']"))) == [
        ("m.py", "1"),
        ("m.py", "2.5"),
    ]
    assert shown(flow.makers(place_of(code, path, "a", line=11))) == [("m.py", "np.array(r)")]
    assert flow.makers(place_of(code, path, "b", line=13)) is None  # range: not followed
    assert shown(flow.makers(place_of(code, path, "c", line=15))) == [
        ("m.py", "{'n': 1}"),
        ("m.py", "{'n': 2.5}"),
    ]
    assert shown(flow.makers(place_of(code, path, "d", line=17))) == [
        ("m.py", "np.ones(2)"),
        ("m.py", "np.eye(2)"),
    ]
    assert shown(flow.makers(place_of(code, path, "e", line=19))) == [("m.py", "np.zeros(1)")]


def test_a_loop_over_a_generator_takes_what_it_yields(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "feed.py": (
                "import numpy as np\n\n"
                "def chunks(table, size):\n"
                "    for lo in range(0, len(table), size):\n"
                "        if lo == 0:\n"
                "            yield table[lo:lo + size].astype(np.int8), lo\n"
                "        else:\n"
                "            yield np.asarray(table[lo:lo + size]), lo\n\n"
                "def passthrough(xs):\n"
                "    yield from xs\n"
            ),
            "m.py": (
                "import numpy as np\n"
                "from feed import chunks, passthrough\n\n"
                "def run(n):\n"
                "    for block, start in chunks(np.arange(n), 4):\n"
                "        print(block, start)\n"
                "    for pair in chunks(np.arange(n), 2):\n"
                "        print(pair)\n"
                "    for w, v in [(1, np.ones(2)), (2, np.eye(2))]:\n"
                "        print(w, v)\n"
                "    for z in passthrough([np.ones(3)]):\n"
                "        print(z)\n"
            ),
        },
    )
    path = tmp_path / "m.py"
    flow = Flow(code)
    # Each ``yield``'s value, unpacked like the loop's target.
    assert shown(flow.makers(place_of(code, path, "block", line=6))) == [
        ("feed.py", "table[lo:lo + size].astype(np.int8)"),
        ("feed.py", "np.asarray(table[lo:lo + size])"),
    ]
    assert shown(flow.makers(place_of(code, path, "pair", line=8))) == [
        ("feed.py", "(table[lo:lo + size].astype(np.int8), lo)"),
        ("feed.py", "(np.asarray(table[lo:lo + size]), lo)"),
    ]
    assert shown(flow.makers(place_of(code, path, "v", line=10))) == [
        ("m.py", "np.ones(2)"),
        ("m.py", "np.eye(2)"),
    ]
    assert flow.makers(place_of(code, path, "z", line=12)) is None  # ``yield from``: in doubt


def test_an_attribute_made_in_init_reads_the_constructions_arguments(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "m.py": (
                "import numpy as np\n\n"
                "SPEC = {'home': [0, 1], 'size': 2.0}\n\n"
                "class Arm:\n"
                "    def __init__(self, spec):\n"
                "        self.home = np.asarray(spec['home'])\n\n"
                "def run():\n"
                "    arm = Arm(SPEC)\n"
                "    return arm.home\n"
            )
        },
    )
    path = tmp_path / "m.py"
    flow = Flow(code)
    assert shown(flow.makers(place_of(code, path, "arm.home"))) == [
        ("m.py", "np.asarray(spec['home'])")
    ]
    # Read after the flow left ``__init__``: the parameter holds what ``Arm(SPEC)`` passed.
    assert shown(flow.makers(place_of(code, path, "spec['home']"))) == [("m.py", "[0, 1]")]


def test_a_parameter_of_a_function_called_once_holds_that_calls_argument(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "parts.py": "import numpy as np\n\ndef scaled(table, k=2):\n    return table * k\n",
            "main.py": (
                "import numpy as np\n"
                "from parts import scaled\n\n"
                "def use(table):\n"
                "    return table\n\n"
                "def run():\n"
                "    big = scaled(np.ones(3))\n"
                "    return use(np.zeros(2)), big\n"
            ),
        },
    )
    # The traceback passes through ``run``'s last line; ``scaled`` is called off it.
    flow = Flow(code, [Span(tmp_path / "main.py", 9, 4, 9, 40)])
    parts = tmp_path / "parts.py"
    # Off the traceback's lines, the one call in the project passes the argument, and leaves
    # ``k`` to its default.
    assert shown(flow.makers(place_of(code, parts, "table"))) == [("main.py", "np.ones(3)")]
    assert shown(flow.makers(place_of(code, parts, "k", 4))) == [("parts.py", "2")]


def test_a_function_also_handed_on_or_called_twice_keeps_its_parameters_in_doubt(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "main.py": (
                "import jax\nimport numpy as np\n\n"
                "def loss(w):\n    return w\n\n"
                "def twice(x):\n    return x\n\n"
                "def run():\n"
                "    g = jax.grad(loss)\n"
                "    return loss(np.ones(2)), twice(np.ones(1)), twice(np.zeros(1)), g\n"
            ),
        },
    )
    flow = Flow(code, [Span(tmp_path / "main.py", 10, 0, 10, 9)])
    main = tmp_path / "main.py"
    # ``loss`` is given to jax.grad too (called with other values there); ``twice`` twice.
    assert flow.makers(place_of(code, main, "w", 5)) is None
    assert flow.makers(place_of(code, main, "x", 8)) is None
    # Without the traceback, no parameter is followed to its callers at all.
    once = project(tmp_path, {"once.py": "def f(a):\n    return a\n\nf(1)\n"})
    assert Flow(once).makers(place_of(once, tmp_path / "once.py", "a", 2)) is None
    framed = Flow(once, [Span(tmp_path / "once.py", 1, 0, 1, 9)])
    assert shown(framed.makers(place_of(once, tmp_path / "once.py", "a", 2))) == [("once.py", "1")]


@pytest.mark.parametrize(
    ("loop", "read"),
    [
        ("lax.scan(body, start, None, length=3)", "def body(c, _):\n        return c + 1, c"),
        ("lax.fori_loop(0, 3, body, start)", "def body(i, c):\n        return c + 1"),
        ("lax.while_loop(lambda c: c.sum() < 9, body, start)", "def body(c):\n        return c"),
    ],
)
def test_a_loop_bodys_carry_is_made_by_the_loops_initial_value(
    tmp_path: Path, loop: str, read: str
) -> None:
    code = project(
        tmp_path,
        {
            "main.py": (
                "import jax.numpy as jnp\nfrom jax import lax\n\n"
                "def run(n):\n"
                "    start = jnp.arange(n)\n"
                f"    {read}\n"
                f"    return {loop}\n"
            ),
        },
    )
    flow = Flow(code)
    main = tmp_path / "main.py"
    assert shown(flow.makers(place_of(code, main, "c", 7))) == [("main.py", "jnp.arange(n)")]


def test_a_parameter_is_followed_through_a_jit_of_its_function_to_the_call(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "main.py": (
                "import jax\nimport jax.numpy as jnp\n\n"
                "def loss(w, scale):\n"
                "    return jnp.sum(w) * scale\n\n"
                "def run(w):\n"
                "    step = jax.jit(jax.grad(loss), static_argnums=1)\n"
                "    return step(w, 3)\n"
            ),
        },
    )
    main = tmp_path / "main.py"
    # The traceback passes through the jitted call and the function's line.
    flow = Flow(code, [Span(main, 5, 4, 5, 30), Span(main, 9, 4, 9, 20)])
    assert shown(flow.makers(place_of(code, main, "scale", 5))) == [("main.py", "3")]


def test_a_factory_called_from_several_places_with_one_class_follows_each_call(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "main.py": (
                "class Scale:\n    def __init__(self, k):\n        self.k = k\n\n"
                "class Shift:\n    def __init__(self, k):\n        self.k = k\n\n"
                "def make(op):\n    return op\n\n"
                "def other(op):\n    return op\n\n"
                "def run():\n"
                "    a = make(Scale(1))\n"
                "    b = make(Scale(2))\n"
                "    c = other(Scale(1))\n"
                "    d = other(Shift(2))\n"
                "    return a, b, c, d\n"
            ),
        },
    )
    flow = Flow(code, [Span(tmp_path / "main.py", 20, 4, 20, 22)])
    main = tmp_path / "main.py"
    # Instances of one class from every call: each call's construction makes the value.
    assert shown(flow.makers(place_of(code, main, "op", 10))) == [
        ("main.py", "Scale(1)"),
        ("main.py", "Scale(2)"),
    ]
    # Of two classes: which one the failing run had is not the flow's to tell.
    assert flow.makers(place_of(code, main, "op", 13)) is None


def test_a_conditional_expression_takes_the_branch_its_constant_test_chooses(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "settings.py": 'OPTIONS = {"joint": True, "scale": 2}\nVERBOSE = False\n',
            "main.py": (
                "import jax.numpy as jnp\n"
                "from settings import OPTIONS, VERBOSE\n\n"
                "def pick(flag):\n"
                '    which = (0, 1) if OPTIONS["joint"] else 0\n'
                "    level = jnp.ones(3) if VERBOSE else jnp.zeros(4)\n"
                "    either = jnp.ones(2) if flag else jnp.arange(5)\n"
                "    return which, level, either\n"
            ),
        },
    )
    flow = Flow(code)
    main = tmp_path / "main.py"
    # A settings entry read with a constant key, a module's flag: the branch taken.
    assert shown(flow.makers(place_of(code, main, "which", 8))) == [("main.py", "(0, 1)")]
    assert shown(flow.makers(place_of(code, main, "level", 8))) == [("main.py", "jnp.zeros(4)")]
    # A test the flow cannot evaluate (a parameter no call gives): both branches.
    assert shown(flow.makers(place_of(code, main, "either", 8))) == [
        ("main.py", "jnp.ones(2)"),
        ("main.py", "jnp.arange(5)"),
    ]


def test_a_dataclass_field_default_is_its_default_value_or_its_factory_class(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "config.py": (
                "from dataclasses import dataclass, field\n\n"
                "@dataclass\n"
                "class Names:\n"
                "    kept: tuple = field(default=('a', 'b'))\n"
                "    moved: tuple = ('b',)\n\n"
                "@dataclass\n"
                "class Settings:\n"
                "    names: Names = field(default_factory=Names)\n"
                "    rate: float = field(default_factory=float)\n"
            ),
            "main.py": (
                "from config import Settings\n\n"
                "def build(s):\n"
                "    return s.names.kept, s.names.moved\n\n"
                "def main():\n"
                "    return build(Settings())\n"
            ),
        },
    )
    main = tmp_path / "main.py"
    frames = [Span(main, 4, 0, 4, 0), Span(main, 7, 0, 7, 0)]
    flow = Flow(code, frames)
    assert shown(flow.makers(place_of(code, main, "s.names.kept"))) == [("config.py", "('a', 'b')")]
    assert shown(flow.makers(place_of(code, main, "s.names.moved"))) == [("config.py", "('b',)")]


def test_one_frame_up_a_parameter_is_what_the_caller_passes_or_leaves_to_its_default(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "main.py": (
                "def inner(x, flag=False):\n"
                "    return x, flag\n\n"
                "def outer(y):\n"
                "    y = y + 1\n"
                "    return inner(y * 2)\n\n"
                "def main():\n"
                "    return outer(3)\n"
            ),
        },
    )
    main = tmp_path / "main.py"
    frames = [Span(main, 2, 0, 2, 0), Span(main, 6, 0, 6, 0), Span(main, 9, 0, 9, 0)]
    flow = Flow(code, frames)
    found = flow.caller_argument(place_of(code, main, "x"))
    assert found is not None
    call, given = found
    assert call.node.lineno == 6
    assert given is not None and ast.unparse(given.node) == "y * 2"
    assert flow.caller_argument(place_of(code, main, "flag")) == (call, None)
    # ``y`` is rebound before the line reads it: not the parameter any more.
    assert flow.caller_argument(place_of(code, main, "y", line=6)) is None


def test_cls_in_a_classmethod_constructs_the_class_whose_fields_it_is_given(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "model.py": (
                "from dataclasses import dataclass\n"
                "from typing import NamedTuple\n"
                "import jax.numpy as jnp\n\n"
                "@dataclass\n"
                "class Bank:\n"
                "    gain: object\n"
                "    offset: object\n\n"
                "    @classmethod\n"
                "    def make(cls, n):\n"
                "        offset = jnp.arange(n)\n"
                "        return cls(gain=jnp.ones(n), offset=offset)\n\n"
                "class Pair(NamedTuple):\n"
                "    low: object\n"
                "    high: object\n\n"
                "    @classmethod\n"
                "    def zeros(cls, n):\n"
                "        return cls(jnp.zeros(n), jnp.ones((n, 2)))\n\n"
                "class Base:\n"
                "    @classmethod\n"
                "    def build(cls, x):\n"
                "        return cls(x)\n\n"
                "class Child(Base):\n"
                "    def __init__(self, x):\n"
                "        self.x = jnp.asarray(x)\n"
            ),
            "main.py": (
                "from model import Bank, Pair, Child\n\n"
                "def use():\n"
                "    bank = Bank.make(3)\n"
                "    pair = Pair.zeros(2)\n"
                "    child = Child.build(4)\n"
                "    return bank.offset, bank.gain, pair.high, child.x\n"
            ),
        },
    )
    flow = Flow(code)
    main = tmp_path / "main.py"
    # A dataclass's generated ``__init__``: the field's keyword, followed to its local.
    assert shown(flow.makers(place_of(code, main, "bank.offset"))) == [
        ("model.py", "jnp.arange(n)")
    ]
    assert shown(flow.makers(place_of(code, main, "bank.gain"))) == [("model.py", "jnp.ones(n)")]
    # A NamedTuple's fields by position.
    assert shown(flow.makers(place_of(code, main, "pair.high"))) == [
        ("model.py", "jnp.ones((n, 2))")
    ]
    # ``cls`` in a base's classmethod called on a subclass: the subclass's ``__init__``.
    assert shown(flow.makers(place_of(code, main, "child.x"))) == [("model.py", "jnp.asarray(x)")]


def test_the_element_of_a_comprehension_through_tuple_and_an_attribute(tmp_path: Path) -> None:
    code = project(
        tmp_path,
        {
            "pool.py": (
                "import jax.numpy as jnp\n\n"
                "class Pool:\n"
                "    def __init__(self, items):\n"
                "        self.items = tuple(items)\n\n"
                "    @classmethod\n"
                "    def like(cls, shapes):\n"
                "        return cls([jnp.zeros(s) for s in shapes])\n\n"
                "def use(shapes):\n"
                "    pool = Pool.like(shapes)\n"
                "    listed = list(range(3))\n"
                "    return pool.items, listed\n"
            ),
        },
    )
    flow = Flow(code)
    path = tmp_path / "pool.py"
    element = flow.element(place_of(code, path, "pool.items"))
    assert element is not None and ast.unparse(element.node) == "jnp.zeros(s)"
    # Not a comprehension: no one element.
    assert flow.element(place_of(code, path, "listed", 14)) is None


def test_an_entry_of_a_comprehension_over_items_reads_the_entry_of_its_key(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "main.py": (
                "import jax.numpy as jnp\n\n"
                'SHAPES = {"w": (6, 4), "b": (4,)}\n\n'
                "def buffers():\n"
                "    return {name: jnp.zeros(shape) for name, shape in SHAPES.items()}\n\n"
                "def use():\n"
                "    grads = buffers()\n"
                '    weight = grads["w"]\n'
                '    bias = grads["b"]\n'
                "    return weight, bias\n"
            ),
        },
    )
    flow = Flow(code)
    weight = place_of(code, tmp_path / "main.py", "weight", 12)
    [made] = flow.makers(weight) or []
    assert ast.unparse(made.node) == "jnp.zeros(shape)"
    # ``shape`` is ``SHAPES["w"]`` for that entry, not every value of the table.
    assert isinstance(made.node, ast.Call)
    assert shown(flow.makers(made.at(made.node.args[0]))) == [("main.py", "(6, 4)")]
    assert shape_of(flow, weight) == (6, 4)
    # Once the entry of another key is read too, the variable holds either.
    other = Flow(code)
    other.makers(weight)
    other.makers(place_of(code, tmp_path / "main.py", "bias", 12))
    assert shown(other.makers(made.at(made.node.args[0]))) == [
        ("main.py", "(6, 4)"),
        ("main.py", "(4,)"),
    ]


def test_a_nested_target_unpacks_item_by_item_and_a_scan_carry_is_its_initial_value(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "main.py": (
                "import jax\n"
                "import jax.numpy as jnp\n\n"
                "START = (0.0, jnp.ones(3))\n\n"
                "def run(xs):\n"
                "    def step(carry, x):\n"
                "        t, v = carry\n"
                "        return (t + x, v * x), t\n"
                "    final, trace = jax.lax.scan(step, START, xs)\n"
                "    return final, trace\n\n"
                "def use(xs):\n"
                "    (t, v), _ = run(xs)\n"
                "    (a, b), c = (1, jnp.zeros(2)), 3\n"
                "    return t, v, b\n"
            ),
        },
    )
    flow = Flow(code)
    main = tmp_path / "main.py"
    # The final carry has the initial carry's structure: its items' makers.
    assert shown(flow.makers(place_of(code, main, "t", 16))) == [("main.py", "0.0")]
    assert shown(flow.makers(place_of(code, main, "v", 16))) == [("main.py", "jnp.ones(3)")]
    assert shown(flow.makers(place_of(code, main, "b", 16))) == [("main.py", "jnp.zeros(2)")]
    # What scan stacks (its second item) is not the carry.
    assert flow.makers(place_of(code, main, "trace", 11)) is None


# A registry a decorator fills, a callable handed on as a parameter, a method behind an
# interface, a factory's closure: the traceback's frames show which call ran the function
# where the code does not say.
_FRAMED = {
    "attacks.py": (
        "import numpy as np\n"  # 1
        "REGISTRY = {}\n"  # 2
        "\n"  # 3
        "def register(name):\n"  # 4
        "    def deco(fn):\n"  # 5
        "        REGISTRY[name] = fn\n"  # 6
        "        return fn\n"  # 7
        "    return deco\n"  # 8
        "\n"  # 9
        "@register('fgsm')\n"  # 10
        "def fgsm(params, images, eps=8.0):\n"  # 11
        "    return images * eps\n"  # 12
        "\n"  # 13
        "def apply(fn, x):\n"  # 14
        "    return fn(x)\n"  # 15
        "\n"  # 16
        "def double(v):\n"  # 17
        "    return v * 2\n"  # 18
        "\n"  # 19
        "class Log:\n"  # 20
        "    def keep(self, value):\n"  # 21
        "        return value\n"  # 22
        "\n"  # 23
        "def make_step(lr):\n"  # 24
        "    def step(params, g):\n"  # 25
        "        out = params - lr * g\n"  # 26
        "        params = out\n"  # 27
        "        return params\n"  # 28
        "    return step\n"  # 29
    ),
    "main.py": (
        "import numpy as np\n"  # 1
        "from attacks import REGISTRY, apply, double, make_step\n"  # 2
        "\n"  # 3
        "def run(log, name):\n"  # 4
        "    adv = REGISTRY['fgsm'](np.zeros(3), np.arange(4))\n"  # 5
        "    twice = apply(HANDLERS[name], np.ones(2))\n"  # 6
        "    log.keep(np.eye(2))\n"  # 7
        "    step = make_step(0.1)\n"  # 8
        "    return step(np.full(3, 7), adv)\n"  # 9
        "\n"  # 10
        "HANDLERS = {}\n"  # 11
        "HANDLERS.update(d=double)\n"  # 12
    ),
}


def _framed(tmp_path: Path, inner: tuple[str, int], outer: int) -> Flow:
    code = project(tmp_path, _FRAMED)
    frames = [Span(tmp_path / inner[0], inner[1], 4, inner[1], 20)]
    return Flow(code, [*frames, Span(tmp_path / "main.py", outer, 4, outer, 40)])


@pytest.mark.parametrize(
    ("inner", "outer", "read", "made"),
    [
        # Picked from a registry a decorator fills: the traceback's call passes it.
        ((12, "images"), 5, "images", "np.arange(4)"),
        # Handed on, and called as a parameter.
        ((18, "v"), 15, "v", None),
        # A method of an instance the flow does not know (an interface's).
        ((22, "value"), 7, "value", "np.eye(2)"),
        # A factory's closure whose parameter is rebound after the read.
        ((26, "params"), 9, "params", "np.full(3, 7)"),
    ],
)
def test_a_traceback_frame_is_a_call_edge_where_the_code_shows_none(
    tmp_path: Path, inner: tuple[int, str], outer: int, read: str, made: str | None
) -> None:
    line, _ = inner
    path = tmp_path / "attacks.py"
    flow = _framed(tmp_path, ("attacks.py", line), outer)
    place = place_of(flow.code, path, read, line)
    if made is None:
        # ``apply``'s ``fn(x)`` runs ``double``: what ``apply``'s caller gives ``x``.
        flow = Flow(
            flow.code,
            [
                Span(path, 18, 4, 18, 16),
                Span(path, 15, 4, 15, 16),
                Span(tmp_path / "main.py", 6, 4, 6, 40),
            ],
        )
        made = "np.ones(2)"
    assert shown(flow.makers(place)) == [("main.py", made)]


def test_a_frame_is_no_call_edge_where_the_call_may_not_run_the_function(tmp_path: Path) -> None:
    path = tmp_path / "attacks.py"
    # The line above does not call it with arguments that fit (``eps`` given twice).
    code = project(
        tmp_path,
        {
            **_FRAMED,
            "main.py": _FRAMED["main.py"].replace("np.arange(4))", "np.arange(4), 1.0, eps=2.0)"),
        },
    )
    flow = Flow(code, [Span(path, 12, 4, 12, 20), Span(tmp_path / "main.py", 5, 4, 5, 40)])
    assert flow.makers(place_of(code, path, "images", 12)) is None
    # A ``functools.partial`` of it somewhere: the call may pass fewer arguments.
    partial_of = _FRAMED["main.py"] + "import functools\nLOOSE = functools.partial(fgsm, 0)\n"
    code = project(tmp_path, {**_FRAMED, "main.py": partial_of})
    flow = Flow(code, [Span(path, 12, 4, 12, 20), Span(tmp_path / "main.py", 5, 4, 5, 40)])
    assert flow.makers(place_of(code, path, "images", 12)) is None
    # A library transform on the line runs it, with arguments of its own.
    mapped = _FRAMED["main.py"].replace(
        "REGISTRY['fgsm'](np.zeros(3), np.arange(4))",
        "jax.vmap(REGISTRY['fgsm'])(np.zeros(3), np.arange(4))",
    )
    code = project(tmp_path, {**_FRAMED, "main.py": "import jax\n" + mapped})
    flow = Flow(code, [Span(path, 12, 4, 12, 20), Span(tmp_path / "main.py", 6, 4, 6, 40)])
    assert flow.makers(place_of(code, path, "images", 12)) is None
