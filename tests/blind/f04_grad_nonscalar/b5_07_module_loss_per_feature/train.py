"""Fit a two-output MLP with per-output loss weights."""

import jax
import jax.numpy as jnp

from losses import SquaredError
from nn import MLP, Linear


def objective(model: MLP, criterion: SquaredError, x, y):
    return criterion(model(x), y)


def train(n_steps: int = 40, lr: float = 0.1):
    k1, k2, kx = jax.random.split(jax.random.key(2), 3)
    model = MLP(Linear.create(k1, 3, 16), Linear.create(k2, 16, 2))
    criterion = SquaredError(weights=jnp.array([1.0, 0.5]))
    x = jax.random.normal(kx, (50, 3))
    y = jnp.stack([jnp.sin(x[:, 0]), x[:, 1] * x[:, 2]], axis=1)
    step = jax.jit(jax.value_and_grad(objective), static_argnums=1)
    history = []
    for _ in range(n_steps):
        loss, grads = step(model, criterion, x, y)
        model = jax.tree.map(lambda p, g: p - lr * g, model, grads)
        history.append(float(loss))
    return history


def main():
    history = train()
    print(f"weighted loss {history[0]:.4f} -> {history[-1]:.4f}")


if __name__ == "__main__":
    main()
