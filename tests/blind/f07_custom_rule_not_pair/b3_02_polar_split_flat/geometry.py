"""Split vectors into length and direction with a rule that is safe at zero."""
import jax
import jax.numpy as jnp

EPS = 1e-12


@jax.custom_jvp
def polar_split(v):
    n = jnp.sqrt(jnp.sum(v**2, axis=-1, keepdims=True))
    return n[..., 0], v / jnp.maximum(n, EPS)


@polar_split.defjvp
def _polar_split_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n, u = polar_split(v)
    safe_n = jnp.maximum(n, EPS)[..., None]
    dn = jnp.sum(u * dv, axis=-1)
    du = (dv - u * dn[..., None]) / safe_n
    return n, u, dn, du
