"""Claims of data/records/checkpoint-prevent-cse-type.json."""

import jax
import numpy as np

from tests.claims import claim, raises


@claim(
    "JAX checks this when jax.checkpoint is applied: a Python list or tuple is accepted (as a pytree prefix of the arguments with bool leaves), but an int such as 0 or 1, None or a NumPy bool (np.bool_ is not a Python bool) raises this TypeError, which names the type it got."
)
def checked_when_applied():
    for accepted in ([True], (True,), False):
        jax.checkpoint(lambda x: x, prevent_cse=accepted)
    for value, name in ((0, "int"), (1, "int"), (None, "NoneType"), (np.bool_(True), "numpy.bool")):
        with raises(
            TypeError,
            f"prevent_cse must be a bool or tuple of bools, got type\\(prevent_cse\\)=<class '{name}",
        ):
            jax.checkpoint(lambda x: x, prevent_cse=value)


@claim(
    "For per-argument control pass a tuple of Python bools matching the arguments, e.g. `prevent_cse=(True, False)`."
)
def per_argument():
    f = jax.checkpoint(lambda x, y: x * y, prevent_cse=(True, False))
    assert jax.grad(f)(2.0, 3.0) == 3.0
