"""Claims of data/api/jax.custom_vjp.defvjp.json."""

import inspect

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def grad_with(fwd, bwd, x=1.0):
    @jax.custom_vjp
    def f(x):
        return jnp.sin(x)

    f.defvjp(fwd, bwd)
    return jax.grad(f)(x)


FWD = lambda x: (jnp.sin(x), x)


@claim(
    "JAX checks this only when it has traced f before differentiating it (jax.grad of a jax.jit function); otherwise the output of fwd is used as the result as it is (a float16 primal_out of a float32 function comes back as float16, also under jax.jit(jax.grad(f)))."
)
def fwd_primal_checked_when_traced_first():
    f = jax.custom_vjp(jnp.sin)
    f.defvjp(lambda x: (jnp.sin(x).astype(jnp.float16), x), lambda x, g: (g,))
    value, _ = jax.value_and_grad(f)(jnp.float32(1.0))
    assert value.dtype == jnp.float16
    jax.jit(jax.grad(f))(jnp.float32(1.0))
    with raises(TypeError, "Custom VJP fwd rule"):
        jax.grad(jax.jit(f))(jnp.float32(1.0))


@claim("returning a bare array for a one-argument function is an error")
def bare_array_fails():
    with raises(TypeError, "must produce a tuple of length equal to the number of arguments"):
        grad_with(FWD, lambda x, g: g * jnp.cos(x))


@claim("a list of the right length is accepted like a tuple")
def list_is_accepted():
    assert grad_with(FWD, lambda x, g: [g * jnp.cos(x)]) == jnp.cos(1.0)


@claim("with nondiff arguments first: bwd(*nondiff, residuals, ct_out)")
def nondiff_first():
    from functools import partial

    @partial(jax.custom_vjp, nondiff_argnums=(0,))
    def f(k, x):
        return k * x

    f.defvjp(lambda k, x: (k * x, None), lambda k, res, g: (k * g,))
    assert jax.grad(f, argnums=1)(3.0, 1.0) == 3.0


@claim("symbolic_zeros=True makes fwd receive CustomVJPPrimal(value, perturbed) leaves")
def symbolic_zeros_primals():
    seen = []

    @jax.custom_vjp
    def f(x):
        return x

    def fwd(x):
        seen.append(type(x).__name__)
        return x.value, None

    f.defvjp(fwd, lambda res, g: (g,), symbolic_zeros=True)
    jax.grad(f)(1.0)
    assert seen == ["CustomVJPPrimal"]


@claim("defvjp returns None, so it cannot be used as a decorator")
def returns_none():
    f = jax.custom_vjp(jnp.sin)
    assert f.defvjp(FWD, lambda x, g: (g,)) is None


@claim("generic_batching is new in jax 0.12, as are defvjp_with_logs and defvjp_with_accums")
def new_in_012():
    params = inspect.signature(jax.custom_vjp.defvjp).parameters
    new = jax.__version__.startswith("0.12")
    assert ("generic_batching" in params) is new
    assert hasattr(jax.custom_vjp, "defvjp_with_logs") is new
    assert hasattr(jax.custom_vjp, "defvjp_with_accums") is new


@claim(
    "f.defvjp(fwd, bwd, symbolic_zeros=False, optimize_remat=False, generic_batching=False) -> None",
    versions=("0.12",),
)
def signature():
    assert str(inspect.signature(jax.custom_vjp.defvjp)).startswith(
        "(self, fwd: 'Callable[..., tuple[ReturnValue, Any]]', bwd: 'Callable[..., tuple[Any, ...]]', symbolic_zeros: 'bool' = False, optimize_remat: 'bool' = False, generic_batching: 'bool' = False)"
    )
