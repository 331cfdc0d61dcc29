"""Fit the surrogate regressor with heavy-ball momentum."""

import jax
import jax.numpy as jnp

from config import DenseConfig
from layers import Dense


def make_trainer(model, config):
    def loss(params, x, y):
        return jnp.mean((model(params, x) - y) ** 2)

    def step(params, velocity, x, y):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        velocity = jax.tree.map(lambda v, g: config.momentum * v + g, velocity, grads)
        params = jax.tree.map(lambda p, v: p - config.learning_rate * v, params, velocity)
        return params, velocity, value

    return jax.jit(step)


def main():
    config = DenseConfig()
    model = Dense(config)
    params = model.init(jax.random.PRNGKey(3))
    velocity = jax.tree.map(jnp.zeros_like, params)
    x = jax.random.uniform(jax.random.PRNGKey(4), (64, config.d_in), minval=-1, maxval=1)
    y = jnp.sin(x.sum(axis=1))
    step = make_trainer(model, config)
    for _ in range(30):
        params, velocity, value = step(params, velocity, x, y)
    print(f"mse {float(value):.4f}")
    return float(value)


if __name__ == "__main__":
    main()
