"""Damped pendulum whose parameters are held in a Ref between calibration steps."""

import jax.numpy as jnp


def simulate(params, theta0=1.0, omega0=0.0, dt=0.05, n=60):
    g_over_l, damping = params[0], params[1]
    theta, omega = theta0, omega0
    traj = []
    for _ in range(n):
        omega = omega - dt * (g_over_l * jnp.sin(theta) + damping * omega)
        theta = theta + dt * omega
        traj.append(theta)
    return jnp.stack(traj)


def calibration_loss(params_ref, observed):
    return jnp.mean((simulate(params_ref[...]) - observed) ** 2)
