"""How does a small bump in the initial state propagate in the forecast?"""
import jax
import jax.numpy as jnp

from burgers import forecast
from perturbations import gaussian_bump
from precision import grid


def initial_state():
    x = grid()
    return (1.0 + 0.5 * jnp.sin(x)).astype(x.dtype)


def propagated_perturbation(u0, center, width):
    du0 = gaussian_bump(center, width)
    u, du = jax.jvp(forecast, (u0,), (du0,))
    return u, du


def main():
    u0 = initial_state()
    centers = [0.5, 2.0, 4.0]
    for c in centers:
        u, du = propagated_perturbation(u0, c, 0.3)
        peak = jnp.argmax(jnp.abs(du.astype(jnp.float32)))
        print("bump at %.1f -> response peak at grid point %d, amplitude %.3f"
              % (c, int(peak), float(jnp.abs(du[peak]))))
    return du


if __name__ == "__main__":
    main()
