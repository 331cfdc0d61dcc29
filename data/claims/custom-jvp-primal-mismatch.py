"""Claims of data/records/custom-jvp-primal-mismatch.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises


def lse_keepdims():
    @jax.custom_jvp
    def f(x):
        return jax.nn.logsumexp(x)

    @f.defjvp
    def f_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        out = jax.nn.logsumexp(x, keepdims=True)
        return out, jnp.sum(jax.nn.softmax(x) * t, keepdims=True)

    return f


X = jnp.arange(3.0)


@claim(
    "JAX can only compare the two when it has traced the function itself, which happens when the function is called inside jax.jit (or another staging transformation such as lax.scan) and then differentiated; outside jit the same rule is not checked, and its differently shaped output is used as is."
)
def checked_only_when_staged():
    f = lse_keepdims()
    out, _ = jax.jvp(f, (X,), (X,))
    assert out.shape == (1,)
    with raises(
        TypeError, "must produce a pair .* where the first element represents the primal output"
    ):
        jax.jvp(jax.jit(f), (X,), (X,))
