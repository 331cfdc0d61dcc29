import jax
import jax.numpy as jnp

from experiment import SETTINGS
from lorenz import flow_map


def ftle(x0, n_steps, dt, params):
    """Largest finite-time Lyapunov exponent from the flow map's Jacobian."""
    phi = lambda x: flow_map(x, n_steps, dt, params)
    M = jax.jacfwd(phi)(x0)
    C = M.T @ M                                   # Cauchy-Green tensor
    lam_max = jnp.linalg.eigvalsh(C)[-1]
    return jnp.log(lam_max) / (2.0 * n_steps * dt)


def main(settings=SETTINGS):
    params = {k: settings[k] for k in ("sigma", "rho", "beta")}
    for n in settings["horizons"]:
        print(f"T = {n * settings['dt']:.1f}: FTLE = {float(ftle(settings['x0'], n, settings['dt'], params)):.3f}")


if __name__ == "__main__":
    main()
