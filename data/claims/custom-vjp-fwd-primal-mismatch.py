"""Claims of data/records/custom-vjp-fwd-primal-mismatch.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.arange(3.0)


def lse():
    f = jax.custom_vjp(lambda x: jax.nn.logsumexp(x))
    f.defvjp(
        lambda x: (jax.nn.logsumexp(x, keepdims=True), x),
        lambda x, g: (g * jax.nn.softmax(x),),
    )
    return f


@claim(
    "JAX can only compare the two when it has traced the function itself, which happens when the function is called inside jax.jit (or another staging transformation) and then differentiated; outside jit the check does not run"
)
def only_when_staged():
    f = lse()
    value, _ = jax.value_and_grad(lambda x: f(x).sum())(X)
    with raises(TypeError, "Custom VJP fwd rule .* must produce a pair .* primal output"):
        jax.grad(lambda x: jax.jit(f)(x).sum())(X)
    assert value.shape == ()
