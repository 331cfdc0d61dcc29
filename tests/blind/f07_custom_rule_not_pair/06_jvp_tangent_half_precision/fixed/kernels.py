"""Erf-based GELU whose derivative is evaluated in half precision to save memory."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def gelu_erf(x):
    return 0.5 * x * (1.0 + jax.scipy.special.erf(x / jnp.sqrt(2.0)))


@gelu_erf.defjvp
def gelu_erf_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    xh = x.astype(jnp.float16)
    cdf = 0.5 * (1.0 + jax.scipy.special.erf(xh / jnp.sqrt(jnp.float16(2.0))))
    pdf = jnp.exp(-0.5 * xh * xh) / jnp.sqrt(jnp.float16(2.0 * jnp.pi))
    return gelu_erf(x), ((cdf + xh * pdf) * t.astype(jnp.float16)).astype(t.dtype)
