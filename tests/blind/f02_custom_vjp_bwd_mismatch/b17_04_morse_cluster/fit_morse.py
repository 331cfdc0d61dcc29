"""Fit Morse parameters to reference cluster energies with jitted gradient descent."""
import jax
import jax.numpy as jnp

from potentials import MorseParams, morse_energy


def dataset(key, n_clusters=12, n_atoms=5):
    pos = jax.random.normal(key, (n_clusters, n_atoms, 3)) * 1.2
    truth = MorseParams(depth=jnp.array(0.8), width=jnp.array(1.3), r_eq=jnp.array(1.1))
    energies = jax.vmap(morse_energy, in_axes=(None, 0))(truth, pos)
    return pos, energies


def loss(params, pos, energies):
    pred = jax.vmap(morse_energy, in_axes=(None, 0))(params, pos)
    return jnp.mean((pred - energies) ** 2)


@jax.jit
def update(params, pos, energies, lr=1e-3):
    grads = jax.grad(loss)(params, pos, energies)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def main():
    pos, energies = dataset(jax.random.PRNGKey(0))
    params = MorseParams(depth=jnp.array(1.0), width=jnp.array(1.0), r_eq=jnp.array(1.0))
    for _ in range(20):
        params = update(params, pos, energies)
    print(params)


if __name__ == "__main__":
    main()
