from functools import partial

import jax
import jax.numpy as jnp

from norm import rms_norm


def forward(params, x):
    h = rms_norm(x @ params[0])
    return h @ params[1]


def objective(params, batch):
    x, y = batch
    return jnp.mean((forward(params, x) - y) ** 2)


@partial(jax.jit, donate_argnums=0)
def train_step(params, batch):
    value, grads = jax.value_and_grad(objective)(params, batch)
    return [p - 0.01 * g for p, g in zip(params, grads)], value


def main(epochs=4):
    k1, k2, k3 = jax.random.split(jax.random.key(7), 3)
    params = [jax.random.normal(k1, (6, 8)) * 0.3, jax.random.normal(k2, (8, 1)) * 0.3]
    x = jax.random.normal(k3, (32, 6))
    batch = (x, x[:, :1] ** 2)
    for _ in range(epochs):
        params, value = train_step(params, batch)
    print("mse", float(value))
    return float(value)


if __name__ == "__main__":
    main()
