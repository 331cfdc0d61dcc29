"""A scaled tanh with a hand-written derivative."""
import jax
import jax.numpy as jnp

SCALE = 1.7159
SLOPE = 2.0 / 3.0


@jax.custom_jvp
def lecun_tanh(x):
    return SCALE * jnp.tanh(SLOPE * x)


@lecun_tanh.defjvp
def _lecun_tanh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = lecun_tanh(x)
    deriv = SCALE * SLOPE * (1.0 - jnp.tanh(SLOPE * x) ** 2)
    return y, deriv * t
