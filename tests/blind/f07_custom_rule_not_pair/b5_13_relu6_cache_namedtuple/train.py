"""Regress the mean brightness of random 4x4 images."""

import jax
import jax.numpy as jnp

from network import Scorer


def train(n_steps: int = 40, lr: float = 0.05):
    images = jax.random.uniform(jax.random.key(8), (64, 4, 4)) * 3.0
    target = images.mean(axis=(1, 2))
    scorer = Scorer(16, 10)
    params = scorer.init(jax.random.key(1))

    def loss(params):
        return jnp.mean((scorer(params, images) - target) ** 2)

    history = []
    for _ in range(n_steps):
        value, grads = jax.value_and_grad(loss)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        history.append(float(value))
    return history


def main():
    history = train()
    print(f"brightness loss {history[0]:.4f} -> {history[-1]:.4f}")


if __name__ == "__main__":
    main()
