"""RK4 integration of the Lotka-Volterra equations in log-population space."""

import jax
import jax.numpy as jnp


def vector_field(log_pop, theta):
    prey, pred = jnp.exp(log_pop)
    alpha, beta, gamma, delta = jnp.exp(theta)
    return jnp.array([alpha - beta * pred, delta * prey - gamma])


def integrate(theta, log_pop0, n_years, substeps=20):
    dt = 1.0 / substeps

    def rk4(y, _):
        k1 = vector_field(y, theta)
        k2 = vector_field(y + 0.5 * dt * k1, theta)
        k3 = vector_field(y + 0.5 * dt * k2, theta)
        k4 = vector_field(y + dt * k3, theta)
        return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4), None

    def year(y, _):
        y, _ = jax.lax.scan(rk4, y, None, length=substeps)
        return y, y

    _, ys = jax.lax.scan(year, log_pop0, None, length=n_years - 1)
    return jnp.concatenate([log_pop0[None], ys])


def trajectory_loss(params, counts):
    log_traj = integrate(params["theta"], params["log_pop0"], counts.shape[0])
    return jnp.mean((log_traj - jnp.log(counts)) ** 2)
