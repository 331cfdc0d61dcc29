"""Link functions with numerically safe derivatives."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)


@softplus.defjvp
def _softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    slope = jax.nn.sigmoid(x)
    return softplus(x), slope * t


LINKS = {"softplus": softplus, "exp": jnp.exp}
