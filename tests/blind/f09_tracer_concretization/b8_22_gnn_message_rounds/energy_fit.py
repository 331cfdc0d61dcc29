"""Regress molecular energies with the GNN."""
import jax
import jax.numpy as jnp

from gnn import GNNConfig, init, message_passing

CFG = GNNConfig(hidden=8, rounds=2)


def energy_loss(params, graph, target, cfg):
    feats, senders, receivers = graph
    return (message_passing(params, feats, senders, receivers, cfg) - target) ** 2


loss_and_grad = jax.jit(jax.value_and_grad(energy_loss))


def main():
    feats = jax.random.normal(jax.random.PRNGKey(0), (5, 3))
    senders = jnp.array([0, 1, 1, 2, 3, 4])
    receivers = jnp.array([1, 0, 2, 1, 4, 3])
    params = init(jax.random.PRNGKey(1), 3, CFG)
    for i in range(3):
        value, grads = loss_and_grad(params, (feats, senders, receivers), -1.5, CFG)
        params = jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, grads)
        print(i, float(value))


if __name__ == "__main__":
    main()
