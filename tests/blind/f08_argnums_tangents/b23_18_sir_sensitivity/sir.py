"""SIR epidemic model integrated with a fixed-step RK4 scheme."""
import jax
import jax.numpy as jnp

PARAM_NAMES = ("beta", "gamma")


def rhs(state, theta):
    s, i, r = state
    beta, gamma = theta
    infection = beta * s * i
    recovery = gamma * i
    return jnp.array([-infection, infection - recovery, recovery])


def rk4(state, theta, dt):
    k1 = rhs(state, theta)
    k2 = rhs(state + 0.5 * dt * k1, theta)
    k3 = rhs(state + 0.5 * dt * k2, theta)
    k4 = rhs(state + dt * k3, theta)
    return state + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def simulate(theta, days=120, dt=0.5, i0=1e-3):
    state0 = jnp.array([1.0 - i0, i0, 0.0])

    def step(state, _):
        new = rk4(state, theta, dt)
        return new, new[1]

    _, infected = jax.lax.scan(step, state0, None, length=int(days / dt))
    return infected
