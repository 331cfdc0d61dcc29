"""Trains a quadratic-feature regressor with clipped momentum SGD."""

import jax
import jax.numpy as jnp

from transforms import chain, clip_by_global_norm, momentum

OPTIMIZER = chain(clip_by_global_norm(1.0), momentum(0.05))


def features(x):
    return jnp.concatenate([x, x**2], axis=-1)


def loss_fn(params, x, y):
    pred = features(x) @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = OPTIMIZER.update(grads, opt_state, params)
    params = jax.tree.map(jnp.add, params, updates)
    return params, opt_state, loss


def main(steps=40):
    x = jax.random.normal(jax.random.key(0), (128, 2))
    y = 3.0 * x[:, 0] ** 2 - x[:, 1] + 0.5
    params = {"w": jnp.zeros(4), "b": jnp.array(0.0)}
    opt_state = OPTIMIZER.init(params)
    for _ in range(steps):
        params, opt_state, loss = train_step(params, opt_state, x, y)
    print("loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
