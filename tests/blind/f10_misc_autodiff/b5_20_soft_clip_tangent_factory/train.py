"""Train the guarded network on a noisy target with heavy-tailed outliers."""

import jax
import jax.numpy as jnp

from model import GuardedNet


def train(n_steps: int = 50, lr: float = 0.05):
    kx, kn = jax.random.split(jax.random.key(14))
    x = jax.random.normal(kx, (64, 3))
    y = jnp.sin(x[:, 0]) + 0.1 * jax.random.t(kn, 2.0, (64,))
    net = GuardedNet(clip_limit=0.5)
    params = net.init(jax.random.key(2), 3, 16)

    def loss(params):
        return jnp.mean((net(params, x) - y) ** 2)

    history = []
    for _ in range(n_steps):
        value, grads = jax.value_and_grad(loss)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        history.append(float(value))
    return history


def main():
    history = train()
    print(f"loss {history[0]:.4f} -> {history[-1]:.4f}")


if __name__ == "__main__":
    main()
