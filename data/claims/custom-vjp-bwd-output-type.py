"""Claims of data/records/custom-vjp-bwd-output-type.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, flags, raises

X = jnp.ones(3, jnp.float32)
NEW = r"^at output\[0\] the bwd rule attached to \S+ at .+ produced an output of type float32\[\] "
OLD = r"^at output\[0\] the bwd rule produced an output of type float32\[\] which doesn't match"
ARGS_MISMATCH = "must produce an output with the same type as the args tuple of the primal"


def grad_with(bwd, **options):
    @jax.custom_vjp
    def f(x):
        return jnp.sin(x)

    f.defvjp(lambda x: (jnp.sin(x), x), bwd, **options)
    return jax.grad(lambda x: f(x).sum())(X)


def reduced(x, g):
    return (jnp.sum(g),)


@claim("jax 0.12 uses when the jax_custom_vjp3 flag is on", versions=("0.12",))
def raised_with_vjp3():
    with flags(jax_custom_vjp3=True), raises(ValueError, NEW):
        grad_with(reduced)


@claim(
    "or when the rule was attached with defvjp(fwd, bwd, generic_batching=True)", versions=("0.12",)
)
def raised_with_generic_batching():
    with raises(ValueError, NEW):
        grad_with(reduced, generic_batching=True)


@claim("without either, jax 0.12 reports the same mistake as custom-vjp-bwd-args-mismatch")
def otherwise_args_mismatch():
    with raises(ValueError, ARGS_MISMATCH):
        grad_with(reduced)


@claim(
    "jax 0.10.2 with jax_custom_vjp3=True raises this error without the `attached to ...` part",
    versions=("0.10",),
)
def old_wording():
    with flags(jax_custom_vjp3=True), raises(ValueError, OLD):
        grad_with(reduced)


@claim("turns the check off, and then the wrong cotangent is silently used as the gradient")
def disabled_checks_give_wrong_gradients():
    for vjp3 in (False, True):
        with flags(jax_disable_bwd_checks=True, jax_custom_vjp3=vjp3):
            assert grad_with(reduced).shape == ()  # a scalar "gradient" for a vector input


@claim(
    "a cotangent of another float dtype (float16, or float64 under JAX_ENABLE_X64, for a float32 input) is accepted silently and the gradient comes back in that dtype"
)
def other_float_dtypes_pass():
    for vjp3 in (False, True):
        with flags(jax_custom_vjp3=vjp3):
            half = grad_with(lambda x, g: ((g * jnp.cos(x)).astype(jnp.float16),))
            assert half.dtype == jnp.float16
        with flags(jax_custom_vjp3=vjp3, jax_enable_x64=True):
            double = grad_with(lambda x, g: ((g * jnp.cos(x)).astype(jnp.float64),))
            assert double.dtype == jnp.float64


@claim(
    "a wrong pytree structure raises custom-vjp-bwd-structure's error (with jax_custom_vjp3, a 'pytree structure error')"
)
def structure_is_another_error():
    pair = lambda x, g: ((g, g),)
    with raises(TypeError, "must produce an output with the same container \\(pytree\\) structure"):
        grad_with(pair)
    with flags(jax_custom_vjp3=True), raises(ValueError, "pytree structure error"):
        grad_with(pair)


@claim("None is accepted as a zero cotangent")
def none_is_zero():
    for vjp3 in (False, True):
        with flags(jax_custom_vjp3=vjp3):
            assert (grad_with(lambda x, g: (None,)) == 0).all()
