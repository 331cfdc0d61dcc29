"""Fit the MLP to a fixed random teacher."""

import jax
import jax.numpy as jnp

from net import NetConfig, apply, init

CFG = NetConfig()


def loss(weights, x, y):
    return jnp.mean((apply(CFG, weights, x) - y) ** 2)


@jax.jit
def update(weights, x, y):
    value, grads = jax.value_and_grad(loss)(weights, x, y)
    return [w - 0.1 * g for w, g in zip(weights, grads)], value


def fit(n_steps: int = 30):
    kx, kt, kw = jax.random.split(jax.random.key(11), 3)
    x = jax.random.normal(kx, (40, CFG.widths[0]))
    y = jnp.tanh(x @ jax.random.normal(kt, (CFG.widths[0], CFG.widths[-1])))
    weights = init(CFG, kw)
    values = []
    for _ in range(n_steps):
        weights, value = update(weights, x, y)
        values.append(float(value))
    return values


def main():
    values = fit()
    print(f"teacher fit {values[0]:.4f} -> {values[-1]:.4f}")


if __name__ == "__main__":
    main()
