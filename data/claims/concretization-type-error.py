"""Claims of data/records/concretization-type-error.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.array([1.0, -1.0, 2.0])


def positive_sum(x):
    return jnp.sum(x[jnp.nonzero(x > 0)[0]])


@claim(
    "jax.grad alone does not cause it: grad's tracers still carry concrete values, so the same code runs without jit."
)
def grad_alone_runs():
    assert (jax.grad(positive_sum)(X) == jnp.array([1.0, 0.0, 1.0])).all()
    with raises(
        jax.errors.ConcretizationTypeError,
        "The size argument of jnp.nonzero must be statically specified",
    ):
        jax.jit(jax.grad(positive_sum))(X)


@claim("`int(x)`, `float(x)` or `x.item()` of a traced value")
def int_of_tracer():
    with raises(jax.errors.ConcretizationTypeError):
        jax.jit(lambda x: jnp.zeros(int(x)))(3.0)


@claim(
    "Give the data-dependent operation a static size: `jnp.nonzero(mask, size=max_rows, fill_value=0)` (and mask out the padded entries)."
)
def static_size():
    f = lambda x: jnp.sum(x[jnp.nonzero(x > 0, size=3, fill_value=0)[0]])
    jax.jit(jax.grad(f))(X)


@claim("Keep shapes fixed and mask instead of selecting")
def masking_matches():
    masked = lambda x: jnp.sum(jnp.where(x > 0, x, 0.0))
    assert (jax.jit(jax.grad(masked))(X) == jax.grad(positive_sum)(X)).all()
