"""One-compartment oral-absorption pharmacokinetics (Bateman function)."""
import jax.numpy as jnp

KA, KE, VOL = 1.2, 0.15, 40.0  # 1/h, 1/h, L


def concentration(doses, dose_times, t):
    """Plasma concentration at times ``t`` from doses given at ``dose_times``."""
    dt = t[:, None] - dose_times[None, :]
    on = dt >= 0
    dt = jnp.where(on, dt, 0.0)
    bateman = KA / (VOL * (KA - KE)) * (jnp.exp(-KE * dt) - jnp.exp(-KA * dt))
    return jnp.sum(jnp.where(on, doses[None, :] * bateman, 0.0), axis=1)
