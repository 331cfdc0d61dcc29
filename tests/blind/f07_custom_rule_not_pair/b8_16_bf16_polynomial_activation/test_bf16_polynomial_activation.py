import jax
import jax.numpy as jnp

from mixer import init, loss


def test_bf16_gradients_keep_dtype():
    params = init(jax.random.PRNGKey(3), d=4, hidden=6)
    x = jnp.ones((2, 4), jnp.bfloat16)
    g = jax.grad(loss)(params, x, jnp.zeros((2, 4)))
    assert g["up"].dtype == jnp.bfloat16
