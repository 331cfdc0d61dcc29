"""Fits the MLP to a noisy sine with plain gradient descent."""

import jax
import jax.numpy as jnp

from layers import MLP

CONFIG = {"sizes": (1, 16, 16, 1), "activation": "softplus2", "lr": 0.05, "steps": 20}


def make_step(model, lr):
    def loss_fn(params, x, y):
        pred = model(params, x)
        return jnp.mean((pred - y) ** 2)

    @jax.jit
    def step(params, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, loss

    return step


def main():
    model = MLP(CONFIG["sizes"], CONFIG["activation"])
    params = model.init(jax.random.key(0))
    x = jnp.linspace(-3.0, 3.0, 64)[:, None]
    y = jnp.sin(x) + 0.1 * jax.random.normal(jax.random.key(1), x.shape)
    step = make_step(model, CONFIG["lr"])
    for i in range(CONFIG["steps"]):
        params, loss = step(params, x, y)
    print("final loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
