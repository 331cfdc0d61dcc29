import jax
import jax.numpy as jnp


@jax.custom_jvp
def pseudo_huber(r, delta):
    return delta**2 * (jnp.sqrt(1.0 + (r / delta) ** 2) - 1.0)


@pseudo_huber.defjvp
def _pseudo_huber_jvp(primals, tangents):
    r, delta = primals
    dr, _ = tangents
    y = pseudo_huber(r, delta)
    dy = r / jnp.sqrt(1.0 + (r / delta) ** 2) * dr
    return y, dy
