"""Fixed-step RK2 integration of an ODE up to a final time."""

import jax
import jax.numpy as jnp


def integrate(f, y0, t_final, dt, params):
    n_steps = jnp.round(t_final / dt).astype(jnp.int32)

    def body(i, y):
        k1 = f(y, params)
        k2 = f(y + dt * k1, params)
        return y + 0.5 * dt * (k1 + k2)

    return jax.lax.fori_loop(0, n_steps, body, y0)
