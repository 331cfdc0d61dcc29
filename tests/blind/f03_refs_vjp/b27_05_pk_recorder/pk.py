"""Two-compartment pharmacokinetics (central / peripheral), integrated with RK4."""
import jax.numpy as jnp


def rhs(y, params):
    cl, v1, q, v2 = params
    c1, c2 = y[0] / v1, y[1] / v2
    return jnp.stack([-cl * c1 - q * (c1 - c2), q * (c1 - c2)])


def rk4(y, params, dt):
    k1 = rhs(y, params)
    k2 = rhs(y + 0.5 * dt * k1, params)
    k3 = rhs(y + 0.5 * dt * k2, params)
    k4 = rhs(y + dt * k3, params)
    return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def simulate(params, dose, n_steps, dt, recorder=None):
    y = jnp.array([dose, 0.0])
    conc = []
    for i in range(n_steps):
        y = rk4(y, params, dt)
        if recorder is not None:
            recorder.record(i, y)
        conc.append(y[0] / params[1])
    return jnp.stack(conc)
