"""Range-bearing sensor model with a derivative that stays finite at zero range."""
import jax
import jax.numpy as jnp

MIN_RANGE = 1e-3


@jax.custom_jvp
def range_bearing(dx, dy):
    return jnp.hypot(dx, dy), jnp.arctan2(dy, dx)


@range_bearing.defjvp
def _range_bearing_jvp(primals, tangents):
    dx, dy = primals
    dx_dot, dy_dot = tangents
    r, phi = range_bearing(dx, dy)
    r_safe = jnp.maximum(r, MIN_RANGE)
    r_dot = (dx * dx_dot + dy * dy_dot) / r_safe
    phi_dot = (dx * dy_dot - dy * dx_dot) / r_safe ** 2
    return (r, phi), (r_dot, phi_dot)


def observe(pose, landmark):
    """Predicted (range, bearing relative to heading) of a landmark from pose (x, y, theta)."""
    r, phi = range_bearing(landmark[0] - pose[0], landmark[1] - pose[1])
    bearing = jnp.arctan2(jnp.sin(phi - pose[2]), jnp.cos(phi - pose[2]))
    return jnp.stack([r, bearing])
