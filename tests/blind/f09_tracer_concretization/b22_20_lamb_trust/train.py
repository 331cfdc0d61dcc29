"""Large-batch regression of concrete compressive strength with LAMB."""

import jax
import jax.numpy as jnp

from transforms import lamb

OPTIMIZER = lamb(learning_rate=0.01)


def init_params(key, sizes=(8, 64, 64, 1)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        {"w": jax.random.normal(k, (a, b)) / jnp.sqrt(a), "b": jnp.zeros(b)}
        for k, a, b in zip(keys, sizes[:-1], sizes[1:])
    ]


def predict(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return (x @ params[-1]["w"] + params[-1]["b"])[:, 0]


def loss(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    updates, opt_state = OPTIMIZER.update(grads, opt_state, params)
    params = jax.tree.map(jnp.add, params, updates)
    return params, opt_state, value


def main(steps=50):
    kx, kw = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (1024, 8))
    y = jnp.tanh(x @ jax.random.normal(kw, (8,))) * 10 + 35
    params = init_params(jax.random.key(1))
    opt_state = OPTIMIZER.init(params)
    for _ in range(steps):
        params, opt_state, value = train_step(params, opt_state, x, y)
    print("mse", value)
    return value


if __name__ == "__main__":
    main()
