"""One-compartment pharmacokinetics with first-order absorption, explicit Euler."""
import jax.numpy as jnp

DT_H = 0.1


def concentration_curve(params, dose_mg, n_steps, dt=DT_H):
    ka, ke, volume = params["ka"], params["ke"], params["volume"]
    gut, central = dose_mg, 0.0
    curve = []
    for _ in range(n_steps):
        absorbed = ka * gut * dt
        gut = gut - absorbed
        central = central + absorbed - ke * central * dt
        curve.append(central / volume)
    return jnp.stack(curve)
