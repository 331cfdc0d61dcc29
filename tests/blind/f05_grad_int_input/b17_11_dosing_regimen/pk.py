"""One-compartment pharmacokinetics with first-order absorption, integrated with lax.scan."""
import jax.numpy as jnp
from jax import lax


def concentration_curve(doses, dose_times, ka=1.2, ke=0.25, volume=30.0, dt=0.1, n_steps=480):
    """Plasma concentration (mg/L) sampled every dt hours for bolus oral doses (mg)."""
    def step(state, t):
        gut, central = state
        given = jnp.sum(jnp.where(jnp.abs(dose_times - t) < dt / 2, doses, 0.0))
        gut = gut + given
        absorbed = ka * gut * dt
        eliminated = ke * central * dt
        gut = gut - absorbed
        central = central + absorbed - eliminated
        return (gut, central), central / volume

    times = jnp.arange(n_steps) * dt
    _, conc = lax.scan(step, (0.0, 0.0), times)
    return conc
