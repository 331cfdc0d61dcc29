"""Two-layer energy-balance model of global-mean temperature (annual steps)."""
import jax
import jax.numpy as jnp

SECONDS_PER_YEAR = 3.156e7


def simulate(theta, forcing):
    """theta = (log_lambda, log_gamma, log_c, log_cd); forcing in W/m^2 per year."""
    lam, gamma, c, c_deep = jnp.exp(theta)

    def year(state, f):
        t, t_deep = state
        dt = (f - lam * t - gamma * (t - t_deep)) / c
        dt_deep = gamma * (t - t_deep) / c_deep
        state = (t + dt, t_deep + dt_deep)
        return state, state[0]

    _, temps = jax.lax.scan(year, (jnp.float32(0.0), jnp.float32(0.0)), forcing)
    return temps
