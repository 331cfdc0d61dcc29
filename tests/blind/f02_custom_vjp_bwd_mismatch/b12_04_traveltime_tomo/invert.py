"""Invert picked first-arrival times for a slowness model with Tikhonov smoothing."""
import jax
import jax.numpy as jnp

from tomo.geometry import crosswell_lengths
from tomo.raytrace import travel_times


def misfit(slowness, lengths, picks, alpha=1e-3):
    resid = travel_times(slowness, lengths) - picks
    return 0.5 * jnp.sum(resid ** 2) + alpha * jnp.sum(jnp.diff(slowness) ** 2)


def invert(n_iter=80, lr=2.0):
    lengths = jnp.asarray(crosswell_lengths())
    true = jnp.full(lengths.shape[1], 0.4).at[12:18].set(0.3)
    picks = lengths @ true
    slowness = jnp.full(lengths.shape[1], 0.4)
    grad_fn = jax.jit(jax.grad(misfit))
    for _ in range(n_iter):
        slowness = slowness - lr * grad_fn(slowness, lengths, picks)
    return slowness, float(misfit(slowness, lengths, picks))


def main():
    slowness, value = invert()
    print("misfit", value)


if __name__ == "__main__":
    main()
