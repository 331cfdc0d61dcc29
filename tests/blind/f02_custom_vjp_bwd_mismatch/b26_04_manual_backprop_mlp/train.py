"""Fits a value function with the fused MLP and SGD with momentum."""
import jax
import jax.numpy as jnp

from fused import fused_mlp


def init_layers(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        (jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros((n,)))
        for k, m, n in zip(keys, sizes[:-1], sizes[1:])
    ]


def td_loss(layers, states, targets):
    values = fused_mlp(layers, states)[:, 0]
    return 0.5 * jnp.mean((values - targets) ** 2)


@jax.jit
def train_step(layers, velocity, states, targets, lr=0.1, beta=0.9):
    loss, grads = jax.value_and_grad(td_loss)(layers, states, targets)
    velocity = jax.tree.map(lambda v, g: beta * v + g, velocity, grads)
    layers = jax.tree.map(lambda p, v: p - lr * v, layers, velocity)
    return layers, velocity, loss


def run(steps=30):
    layers = init_layers(jax.random.key(0), [4, 32, 32, 1])
    velocity = jax.tree.map(jnp.zeros_like, layers)
    states = jax.random.normal(jax.random.key(1), (64, 4))
    targets = jnp.cos(states[:, 0]) + 0.5 * states[:, 1]
    loss = None
    for _ in range(steps):
        layers, velocity, loss = train_step(layers, velocity, states, targets)
    return float(loss)


def main():
    print("td loss", run())


if __name__ == "__main__":
    main()
