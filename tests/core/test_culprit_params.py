"""A parameter's arguments, for every kind of callable (``Flow.arguments``): the value flow
goes from a parameter to what the calls that run its function pass, whether the function is
a plain one, a method, an ``__init__``, a closure a factory returns, a callable under a
transform or a ``functools.partial``, or one handed on as an argument; in one module and
across modules. Small projects written here; the failing line is inside the function."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_culprit_flow import place_of, project, shown

from jaxerr_ls import culprit_state
from jaxerr_ls.culprit_flow import Flow
from jaxerr_ls.spans import Span

# Where the parameter is read: the body line of the function ``target`` (``return p * 2``).
TARGET = "p * 2"

# (name, the module defining the callable, the module calling it, the argument's maker).
# The caller module imports every name of the defining one (``from lib import *`` is not
# followed: each case imports what it uses).
CASES = [
    (
        "plain function",
        "def target(x, p):\n    return p * 2\n",
        "from lib import target\n\ndef run():\n    return target(1.0, jnp.ones(3))\n",
        "jnp.ones(3)",
    ),
    (
        "keyword argument",
        "def target(x, p=None):\n    return p * 2\n",
        "from lib import target\n\ndef run():\n    return target(1.0, p=jnp.zeros(2))\n",
        "jnp.zeros(2)",
    ),
    (
        "default when the call omits it",
        "import jax.numpy as jnp\n\ndef target(x, p=jnp.eye(2)):\n    return p * 2\n",
        "from lib import target\n\ndef run():\n    return target(1.0)\n",
        "jnp.eye(2)",
    ),
    (
        "method on an instance",
        "class Model:\n    def target(self, p):\n        return p * 2\n",
        "from lib import Model\n\ndef run():\n    m = Model()\n    return m.target(jnp.ones(4))\n",
        "jnp.ones(4)",
    ),
    (
        "method on an instance kept in an attribute",
        "class Model:\n    def target(self, p):\n        return p * 2\n",
        (
            "from lib import Model\n\nclass Trainer:\n    def __init__(self):\n"
            "        self.model = Model()\n\n    def run(self):\n"
            "        return self.model.target(jnp.ones(5))\n"
        ),
        "jnp.ones(5)",
    ),
    (
        "method on a parameter annotated with its class",
        "class Model:\n    def target(self, p):\n        return p * 2\n",
        "from lib import Model\n\ndef run(m: Model):\n    return m.target(jnp.ones(14))\n",
        "jnp.ones(14)",
    ),
    (
        "method called on self in a subclass",
        "class Base:\n    def target(self, p):\n        return p * 2\n",
        (
            "from lib import Base\n\nclass Child(Base):\n    def run(self):\n"
            "        return self.target(jnp.ones(6))\n"
        ),
        "jnp.ones(6)",
    ),
    (
        "__init__ through the construction",
        "class Model:\n    def __init__(self, p):\n        self.w = p * 2\n",
        "from lib import Model\n\ndef run():\n    return Model(jnp.ones(7))\n",
        "jnp.ones(7)",
    ),
    (
        "__init__ through a classmethod's cls(...)",
        (
            "import jax.numpy as jnp\n\nclass Model:\n    def __init__(self, p):\n"
            "        self.w = p * 2\n\n    @classmethod\n    def create(cls):\n"
            "        return cls(jnp.full((2,), 3.0))\n"
        ),
        "from lib import Model\n\ndef run():\n    return Model.create()\n",
        "jnp.full((2,), 3.0)",
    ),
    (
        "attribute bound to jax.jit of a method",
        (
            "import jax\n\nclass Model:\n    def __init__(self):\n"
            "        self.step = jax.jit(self.target)\n\n    def target(self, p):\n"
            "        return p * 2\n"
        ),
        "from lib import Model\n\ndef run():\n    m = Model()\n    return m.step(jnp.ones(8))\n",
        "jnp.ones(8)",
    ),
    (
        "name bound to functools.partial",
        "def target(x, p):\n    return p * 2\n",
        (
            "import functools\nfrom lib import target\n\ndef run():\n"
            "    f = functools.partial(target, 1.0)\n    return f(jnp.ones(9))\n"
        ),
        "jnp.ones(9)",
    ),
    (
        "name bound to jax.vmap",
        "def target(x, p):\n    return p * 2\n",
        (
            "import jax\nfrom lib import target\n\ndef run():\n    f = jax.vmap(target)\n"
            "    return f(jnp.ones(3), jnp.ones((3, 2)))\n"
        ),
        "jnp.ones((3, 2))",
    ),
    (
        "transform applied in place",
        "def target(x, p):\n    return (p * 2).sum()\n",
        (
            "import jax\nfrom lib import target\n\ndef run():\n"
            "    return jax.value_and_grad(target, argnums=1)(1.0, jnp.ones(10))\n"
        ),
        "jnp.ones(10)",
    ),
    (
        "closure a factory returns",
        "def make(scale):\n    def target(x, p):\n        return p * 2\n    return target\n",
        (
            "from lib import make\n\ndef run():\n    step = make(2.0)\n"
            "    return step(1.0, jnp.ones(11))\n"
        ),
        "jnp.ones(11)",
    ),
    (
        "bound method handed on as an argument",
        "class Model:\n    def target(self, p):\n        return p * 2\n",
        (
            "from lib import Model\n\ndef train(step_fn, data):\n    return step_fn(data)\n\n"
            "def run():\n    m = Model()\n    return train(m.target, jnp.ones(12))\n"
        ),
        "jnp.ones(12)",
    ),
    (
        "function handed on by keyword",
        "def target(p):\n    return p * 2\n",
        (
            "from lib import target\n\ndef train(data, step_fn=None):\n"
            "    return step_fn(data)\n\n"
            "def run():\n    return train(jnp.ones(13), step_fn=target)\n"
        ),
        "jnp.ones(13)",
    ),
    (
        "*args of a tuple display",
        "def target(x, p):\n    return p * 2\n",
        (
            "from lib import target\n\ndef run():\n    args = (1.0, jnp.ones(15))\n"
            "    return target(*args)\n"
        ),
        "jnp.ones(15)",
    ),
    (
        "**kwargs of a dict display",
        "def target(x, p=None):\n    return p * 2\n",
        (
            "from lib import target\n\ndef run():\n    kw = {'p': jnp.ones(16)}\n"
            "    return target(1.0, **kw)\n"
        ),
        "jnp.ones(16)",
    ),
    (
        "a wrapper handing on its *args and **kwargs",
        "def target(x, p=None):\n    return p * 2\n",
        (
            "from lib import target\n\ndef wrap(*a, **k):\n    return target(*a, **k)\n\n"
            "def run():\n    return wrap(1.0, p=jnp.ones(17))\n"
        ),
        "jnp.ones(17)",
    ),
    (
        "a wrapper with parameters of its own before its *args",
        "def target(x, p):\n    return p * 2\n",
        (
            "from lib import target\n\ndef wrap(x, *a):\n    return target(x, *a)\n\n"
            "def run():\n    return wrap(1.0, jnp.ones(18))\n"
        ),
        "jnp.ones(18)",
    ),
]


def _write(tmp_path: Path, lib: str, caller: str, same_module: bool) -> tuple[Path, Flow]:
    header = "import jax.numpy as jnp\n"
    if same_module:
        body = "\n".join(line for line in caller.splitlines() if not line.startswith("from lib"))
        code = project(tmp_path, {"main.py": header + lib + "\n\n" + body + "\n"})
        path = tmp_path / "main.py"
    else:
        code = project(tmp_path, {"lib.py": lib, "main.py": header + caller})
        path = tmp_path / "lib.py"
    text = path.read_text().splitlines()
    line = next(i for i, t in enumerate(text, 1) if "p * 2" in t)
    # The traceback has the failing line only: the callers are found in the project.
    return path, Flow(code, [Span(path, line, 0, line, 9)])


@pytest.mark.parametrize("same_module", [True, False], ids=["one module", "across modules"])
@pytest.mark.parametrize(
    ("lib", "caller", "maker"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_parameter_is_made_by_what_the_calls_that_run_its_function_pass(
    tmp_path: Path, lib: str, caller: str, maker: str, same_module: bool
) -> None:
    path, flow = _write(tmp_path, lib, caller, same_module)
    text = path.read_text().splitlines()
    line = next(i for i, t in enumerate(text, 1) if "p * 2" in t)
    found = shown(flow.makers(place_of(flow.code, path, "p", line)))
    # Where the maker is written: the caller's module, or the callable's for a default.
    home = "lib.py" if maker in lib and not same_module else "main.py"
    assert found == [(home, maker)]


@pytest.mark.parametrize(
    "caller",
    [
        # Handed to a library that calls it with values of its own.
        (
            "import jax\n\ndef run(xs):\n"
            "    return jax.tree.map(target, xs), target(1.0, jnp.ones(2))\n"
        ),
        # Two calls that pass different values (not instances of one class).
        "def run():\n    return target(1.0, jnp.ones(2)), target(2.0, jnp.zeros(3))\n",
        # Arguments unpacked from a sequence the flow does not read.
        "def run(args):\n    return target(*args)\n",
        # A wrapper's *args changed before it hands them on.
        (
            "def wrap(*a):\n    a = a[1:]\n    return target(*a)\n\n"
            "def run():\n    return wrap(0, 1.0, jnp.ones(2))\n"
        ),
        # A wrapper called with different values.
        (
            "def wrap(*a):\n    return target(*a)\n\n"
            "def run():\n    return wrap(1.0, jnp.ones(2)), wrap(2.0, jnp.zeros(3))\n"
        ),
        # Kept under a name nothing in the project calls.
        "import jax\n\ndef run():\n    g = jax.grad(target)\n    return g\n",
    ],
    ids=[
        "handed to a library",
        "different values",
        "unpacked",
        "wrapper's args changed",
        "wrapper called with different values",
        "never called",
    ],
)
def test_a_parameter_whose_calls_are_not_all_known_stays_in_doubt(
    tmp_path: Path, caller: str
) -> None:
    lib = "def target(x, p):\n    return p * 2\n"
    path, flow = _write(tmp_path, lib, caller, same_module=True)
    text = path.read_text().splitlines()
    line = next(i for i, t in enumerate(text, 1) if "p * 2" in t)
    assert flow.makers(place_of(flow.code, path, "p", line)) is None


def test_the_call_on_the_traceback_comes_before_the_projects_calls(tmp_path: Path) -> None:
    lib = "class Model:\n    def target(self, p):\n        return p * 2\n"
    caller = (
        "def run(m):\n    a = m.target(jnp.ones(2))\n    b = m.target(jnp.zeros(3))\n"
        "    return a, b\n\ndef main():\n    return run(Model())\n"
    )
    code = project(tmp_path, {"main.py": "import jax.numpy as jnp\n" + lib + "\n" + caller})
    path = tmp_path / "main.py"
    # The second call failed: its line is on the traceback.
    frames = [Span(path, 4, 0, 4, 9), Span(path, 8, 0, 8, 9)]
    found = Flow(code, frames).makers(place_of(code, path, "p", 4))
    assert shown(found) == [("main.py", "jnp.zeros(3)")]


def test_the_caller_frames_call_is_resolved_through_a_jitted_attribute(tmp_path: Path) -> None:
    lib = (
        "import jax\n\nclass Fitter:\n    def __init__(self):\n"
        "        self._step = jax.jit(self._update)\n\n"
        "    def _update(self, p):\n        return p * 2\n\n"
        "    def fit(self, init):\n        p = init\n        for _ in range(3):\n"
        "            p = self._step(p)\n        return p\n\n"
        "def main():\n    return Fitter().fit(jnp.zeros(2))\n"
    )
    code = project(tmp_path, {"main.py": "import jax.numpy as jnp\n" + lib})
    path = tmp_path / "main.py"
    # The traceback: the body line of ``_update``, then the loop's call in ``fit``, then main.
    frames = [Span(path, 9, 0, 9, 9), Span(path, 14, 0, 14, 9), Span(path, 18, 0, 18, 9)]
    place = place_of(code, path, "p", 9)
    # Every iteration: the first value, and what the update returns.
    every = Flow(code, frames).arguments(place, caller=frames[1])
    assert shown(every) == [("main.py", "jnp.zeros(2)"), ("main.py", "p * 2")]
    # On the loop's first iteration the call passes what ``fit`` was given.
    first = Flow(code, frames, first_iteration=True).arguments(place, caller=frames[1])
    assert shown(first) == [("main.py", "jnp.zeros(2)")]
    # Only the caller frame's calls: a line without a call of it gives nothing.
    assert Flow(code, frames).arguments(place, caller=frames[2]) is None


def test_a_scan_body_a_factory_makes_in_another_module_carries_the_initial_value(
    tmp_path: Path,
) -> None:
    code = project(
        tmp_path,
        {
            "steps.py": (
                "def make_step(rate):\n    def step(carry, _):\n"
                "        return carry * rate, carry\n    return step\n"
            ),
            "main.py": (
                "import jax.numpy as jnp\nfrom jax import lax\nfrom steps import make_step\n\n"
                "def run():\n    body = make_step(0.5)\n"
                "    return lax.scan(body, jnp.ones(3), None, length=4)\n"
            ),
        },
    )
    steps, main = tmp_path / "steps.py", tmp_path / "main.py"
    flow = Flow(code, [Span(steps, 3, 0, 3, 9), Span(main, 7, 0, 7, 9)])
    found = flow.makers(place_of(code, steps, "carry", 3))
    assert shown(found) == [("main.py", "jnp.ones(3)")]


def test_passed_value_follows_a_method_parameter_to_the_traceback_call(tmp_path: Path) -> None:
    # A loss handed to a method, which differentiates it; the failing line is in ``run``.
    text = (
        "import jax\n\ndef vector_loss(w):\n    return w * 2\n\n"
        "class Trainer:\n    def __init__(self, rate):\n        self.rate = rate\n\n"
        "    def run(self, loss_fn, w):\n        return jax.grad(loss_fn)(w)\n\n"
        "def main():\n    t = Trainer(0.1)\n    return t.run(vector_loss, 1.0)\n"
    )
    code = project(tmp_path, {"main.py": text})
    path = tmp_path / "main.py"
    frames = [Span(path, 11, 0, 11, 9), Span(path, 15, 0, 15, 9)]
    loss = place_of(code, path, "loss_fn", 11)
    made = culprit_state.passed_value(code, frames, loss)
    assert isinstance(made.node, ast.FunctionDef) and made.node.name == "vector_loss"
    # ``self`` is the receiver, not an argument; ``__init__``'s parameter is the
    # construction's argument.
    rate = place_of(code, path, "rate", 8)
    assert culprit_state.passed_value(code, frames, rate).node is rate.node
    construction = [*frames, Span(path, 14, 0, 14, 9)]
    owner = place_of(code, path, "self", 8)
    assert culprit_state.passed_value(code, construction, owner).node is owner.node
    assert ast.unparse(culprit_state.passed_value(code, construction, rate).node) == "0.1"
    # Without the traceback's call, the parameter stays what it is.
    assert culprit_state.passed_value(code, frames[:1], loss).node is loss.node
