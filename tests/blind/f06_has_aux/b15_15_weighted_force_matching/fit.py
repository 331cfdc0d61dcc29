"""Fit Morse parameters to reference energies and forces of perturbed clusters."""
import jax
import jax.numpy as jnp

from potfit.losses import WeightedMatchingLoss
from potfit.potential import morse_energy, morse_forces

REFERENCE = {"depth": jnp.float32(0.8), "a": jnp.float32(1.6), "r0": jnp.float32(1.1)}


def reference_batch(key, n_conf=16, n_atoms=5):
    base = jnp.array([[0.0, 0, 0], [1.1, 0, 0], [0, 1.1, 0], [0, 0, 1.1], [1.1, 1.1, 0]])
    positions = base[None] + 0.05 * jax.random.normal(key, (n_conf, n_atoms, 3))
    return {
        "positions": positions,
        "energy": jax.vmap(morse_energy, (None, 0))(REFERENCE, positions),
        "forces": jax.vmap(morse_forces, (None, 0))(REFERENCE, positions),
    }


def fit(steps=100, lr=0.01):
    batch = reference_batch(jax.random.key(0))
    loss = WeightedMatchingLoss({"energy": 1.0, "forces": 10.0})
    params = {"depth": jnp.float32(1.0), "a": jnp.float32(1.4), "r0": jnp.float32(1.0)}
    grad_fn = jax.jit(jax.grad(loss))
    for _ in range(steps):
        grads = grad_fn(params, batch)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params


def main():
    params = fit()
    print({k: round(float(v), 3) for k, v in params.items()})


if __name__ == "__main__":
    main()
