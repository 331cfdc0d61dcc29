"""Integrate wheel encoder ticks into a pose with lax.scan."""
import jax
import jax.numpy as jnp

from odom.safemath import safe_atan2


def integrate(calib, ticks, dt=0.05):
    """calib: dict with wheel radii (left, right) and the track width."""
    def step(pose, tick):
        x, y, cth, sth = pose
        v_l = calib["r_left"] * tick[0] / dt
        v_r = calib["r_right"] * tick[1] / dt
        v = 0.5 * (v_l + v_r)
        w = (v_r - v_l) / calib["track"]
        c, s = jnp.cos(w * dt), jnp.sin(w * dt)
        cth, sth = cth * c - sth * s, sth * c + cth * s
        pose = (x + v * dt * cth, y + v * dt * sth, cth, sth)
        return pose, pose[:2]

    init = (jnp.array(0.0), jnp.array(0.0), jnp.array(1.0), jnp.array(0.0))
    (x, y, cth, sth), path = jax.lax.scan(step, init, ticks)
    heading = safe_atan2(sth, cth)
    return jnp.stack(path, axis=-1), heading
