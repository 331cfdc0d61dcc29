"""Two-compartment pharmacokinetic model with first-order absorption."""
import jax.numpy as jnp
from jax import lax


def rhs(y, theta):
    gut, central, peripheral = y
    ka, ke, k12, k21 = jnp.exp(theta)
    return jnp.stack([
        -ka * gut,
        ka * gut - (ke + k12) * central + k21 * peripheral,
        k12 * central - k21 * peripheral,
    ])


def simulate(theta, dose, times, substeps=10):
    """Amounts in (gut, central, peripheral) at the sampling times (RK4)."""
    y0 = jnp.array([dose, 0.0, 0.0])
    dts = jnp.diff(times, prepend=0.0) / substeps

    def interval(y, dt):
        def rk4(y, _):
            k1 = rhs(y, theta)
            k2 = rhs(y + 0.5 * dt * k1, theta)
            k3 = rhs(y + 0.5 * dt * k2, theta)
            k4 = rhs(y + dt * k3, theta)
            return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4), None
        y, _ = lax.scan(rk4, y, None, length=substeps)
        return y, y

    _, ys = lax.scan(interval, y0, dts)
    return ys


def observed(ys, v_central=12.0, v_peripheral=30.0):
    """Concentrations [mg/L] in plasma and tissue."""
    return jnp.stack([ys[:, 1] / v_central, ys[:, 2] / v_peripheral], axis=1)
