import jax
import jax.numpy as jnp

from gnn.config import MPNNConfig
from gnn.model import init, predict


def chain_adjacency(n):
    a = jnp.zeros((n, n))
    idx = jnp.arange(n - 1)
    return a.at[idx, idx + 1].set(1.0).at[idx + 1, idx].set(1.0)


def loss(params, atoms, adjacency, target, cfg):
    return (predict(params, atoms, adjacency, cfg) - target) ** 2


@jax.jit
def step(params, atoms, adjacency, target, cfg):
    value, grads = jax.value_and_grad(loss)(params, atoms, adjacency, target, cfg)
    return jax.tree.map(lambda p, g: p - 0.01 * g, params, grads), value


def main(epochs=20):
    cfg = MPNNConfig()
    params = init(jax.random.key(0), n_atom_types=4, hidden=16)
    molecules = [(jnp.array([0, 1, 1, 2]), 1.2), (jnp.array([0, 1, 3]), -0.4), (jnp.array([2, 2, 1, 0, 1]), 0.7)]
    for _ in range(epochs):
        for atoms, target in molecules:
            params, value = step(params, atoms, chain_adjacency(atoms.shape[0]), target, cfg)
    print("last squared error", float(value))
    return value


if __name__ == "__main__":
    main()
