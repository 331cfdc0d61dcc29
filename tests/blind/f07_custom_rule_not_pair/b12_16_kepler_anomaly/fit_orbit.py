"""Least-squares fit of a visual binary's orbit."""
import jax
import jax.numpy as jnp

from orbits.astrometry import sky_position

TRUE = {"P": 11.9, "tp": 2.3, "e": 0.35, "a": 1.2, "omega": 0.8, "Omega": 1.9, "inc": 0.6}


def chi2(elements, t, obs, sigma=0.01):
    return jnp.sum(((sky_position(elements, t) - obs) / sigma) ** 2)


def fit(n_steps=60, lr=1e-7):
    t = jnp.linspace(0.0, 20.0, 30)
    obs = sky_position({k: jnp.asarray(v) for k, v in TRUE.items()}, t)
    elements = {k: jnp.asarray(v * 1.02) for k, v in TRUE.items()}
    grad_fn = jax.jit(jax.grad(chi2))
    start = chi2(elements, t, obs)
    for _ in range(n_steps):
        g = grad_fn(elements, t, obs)
        elements = jax.tree.map(lambda p, d: p - lr * d, elements, g)
    return elements, float(start), float(chi2(elements, t, obs))


def main():
    elements, start, end = fit()
    print("chi2", start, "->", end)


if __name__ == "__main__":
    main()
