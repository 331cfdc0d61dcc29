"""Range-bearing conversion with a derivative that stays finite at the origin."""
import jax
import jax.numpy as jnp

MIN_RANGE = 1e-6


@jax.custom_jvp
def range_bearing(dx, dy):
    return jnp.hypot(dx, dy), jnp.arctan2(dy, dx)


@range_bearing.defjvp
def _range_bearing_jvp(primals, tangents):
    dx, dy = primals
    t_dx, t_dy = tangents
    r, theta = range_bearing(dx, dy)
    safe_r = jnp.maximum(r, MIN_RANGE)
    jacobian = [
        (dx / safe_r, dy / safe_r),
        (-dy / safe_r**2, dx / safe_r**2),
    ]
    out_tangents = [a * t_dx + b * t_dy for a, b in jacobian]
    return (r, theta), tuple(out_tangents)


def wrap_angle(a):
    return (a + jnp.pi) % (2 * jnp.pi) - jnp.pi
