"""Tune only the adapter so the frozen map fits a shifted target map."""

from functools import partial

import jax
import jax.numpy as jnp

from model import AdaptedLinear


def objective(layer: AdaptedLinear, factors, x, y):
    return jnp.mean((layer(factors, x) - y) ** 2)


def tune(n_steps: int = 40, lr: float = 0.2):
    kb, kx, ku, kf = jax.random.split(jax.random.key(7), 4)
    base = jnp.eye(6) + 0.1 * jax.random.normal(kb, (6, 6))
    shift = jax.random.normal(ku, (6, 1)) @ jax.random.normal(ku, (1, 6)) * 0.3
    x = jax.random.normal(kx, (48, 6))
    y = x @ (base + shift)
    layer = AdaptedLinear(base)
    factors = layer.init(kf)
    grad_fn = jax.jit(jax.value_and_grad(partial(objective, layer)))
    history = []
    for _ in range(n_steps):
        loss, g = grad_fn(factors, x, y)
        factors = jax.tree.map(lambda p, d: p - lr * d, factors, g)
        history.append(float(loss))
    return history


def main():
    history = tune()
    print(f"adapter loss {history[0]:.4f} -> {history[-1]:.4f}")


if __name__ == "__main__":
    main()
