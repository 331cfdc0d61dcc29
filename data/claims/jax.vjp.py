"""Claims of data/api/jax.vjp.json."""

import inspect

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


@claim(
    "a pytree whose leaves are the saved residuals, so it can be returned from jit, stored and applied later"
)
def returned_from_jit():
    f_vjp = jax.jit(lambda x: jax.vjp(jnp.sin, x)[1])(1.0)
    assert jnp.allclose(f_vjp(1.0)[0], jnp.cos(1.0))
    assert len(jax.tree.leaves(f_vjp)) >= 1


@claim(
    "returns a tuple with one cotangent per primal argument, even when there is only one argument"
)
def tuple_of_one():
    out = jax.vjp(jnp.sin, 1.0)[1](1.0)
    assert isinstance(out, tuple) and len(out) == 1


@claim("f_vjp.with_logs(ct) also returns the dict of backward-pass logs", versions=("0.12",))
def with_logs():
    cts, logs = jax.vjp(jnp.sin, 1.0)[1].with_logs(1.0)
    assert isinstance(logs, dict) and jnp.allclose(cts[0], jnp.cos(1.0))


@claim("Passing more than one positional cotangent is a TypeError")
def one_cotangent():
    with raises(TypeError, "was called with 2 arguments"):
        jax.vjp(lambda x: (x, x), 1.0)[1](1.0, 1.0)


@claim(
    "saveable_args, in_nzs and with_logs are new in jax 0.12; 0.10 has jax.vjp(fun, *primals, has_aux=False) (both also keep a deprecated reduce_axes that only raises)."
)
def versions():
    params = inspect.signature(jax.vjp).parameters
    new = jax.__version__.startswith("0.12")
    assert ("saveable_args" in params) is new and ("in_nzs" in params) is new
    assert hasattr(jax.vjp(jnp.sin, 1.0)[1], "with_logs") is new
    assert "reduce_axes" in params
    with raises(NotImplementedError, "reduce_axes argument to vjp is deprecated"):
        jax.vjp(jnp.sin, 1.0, reduce_axes=("b",))
