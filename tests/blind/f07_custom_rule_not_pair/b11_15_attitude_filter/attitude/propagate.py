"""Integrate bias-corrected gyro rates into an attitude quaternion."""

import jax
import jax.numpy as jnp

from attitude.quat import multiply, normalize


def propagate(bias, q0, gyro, dt):
    def step(q, omega):
        w = omega - bias
        dq = jnp.concatenate([jnp.ones(1), 0.5 * dt * w])
        q = normalize(multiply(q, dq))
        return q, q

    _, qs = jax.lax.scan(step, q0, gyro)
    return qs


def attitude_error(bias, q0, gyro, dt, q_ref):
    qs = propagate(bias, q0, gyro, dt)
    # 1 - |<q, q_ref>| is zero when the attitudes agree (q and -q are the same rotation)
    return jnp.mean(1.0 - jnp.abs(jnp.sum(qs * q_ref, axis=1)))
