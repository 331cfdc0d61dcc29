"""First-order Thevenin equivalent circuit of a Li-ion cell under a current profile."""
import jax
import jax.numpy as jnp


def ocv(soc):
    return 3.4 + 0.6 * soc + 0.1 * jnp.tanh(10.0 * (soc - 0.1))


def terminal_voltage(params, current, dt, capacity_as=3600.0 * 2.5):
    r0, r1, c1 = params

    def step(carry, i):
        soc, v1 = carry
        soc = soc - i * dt / capacity_as
        v1 = v1 + dt * (i / c1 - v1 / (r1 * c1))
        return (soc, v1), ocv(soc) - i * r0 - v1

    _, v = jax.lax.scan(step, (jnp.float32(0.9), jnp.float32(0.0)), current)
    return v
