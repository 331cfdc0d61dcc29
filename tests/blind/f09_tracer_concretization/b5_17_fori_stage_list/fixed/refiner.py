"""Apply the stages in order with a fori_loop over stacked weights."""

import jax
import jax.numpy as jnp

from stages import STAGES


def refine(weights: jax.Array, x: jax.Array) -> jax.Array:
    """weights: (len(STAGES), d, d)."""

    def body(i, h):
        return jax.lax.switch(i, STAGES, weights[i], h)

    return jax.lax.fori_loop(0, len(STAGES), body, x)


def loss(weights, x, y):
    return jnp.mean((refine(weights, x) - y) ** 2)


def train(n_steps: int = 30, lr: float = 0.1):
    kx, kw = jax.random.split(jax.random.key(17))
    x = jax.random.normal(kx, (32, 4))
    y = jnp.roll(x, 1, axis=1)
    weights = jax.random.normal(kw, (len(STAGES), 4, 4)) * 0.3
    history = []
    for _ in range(n_steps):
        value, g = jax.value_and_grad(loss)(weights, x, y)
        weights = weights - lr * g
        history.append(float(value))
    return history


def main():
    history = train()
    print(f"refiner loss {history[0]:.4f} -> {history[-1]:.4f}")


if __name__ == "__main__":
    main()
