"""A leaky recurrent network whose state is soft-clipped at each step."""
import jax
import jax.numpy as jnp
from jax import lax

from numerics import softclip


def rollout(params, inputs, leak=0.3):
    def cell(h, u):
        pre = h @ params["w_rec"] + u @ params["w_in"]
        h = (1 - leak) * h + leak * softclip(pre, 3.0)
        return h, h @ params["w_out"]

    h0 = jnp.zeros(params["w_rec"].shape[0])
    _, ys = lax.scan(cell, h0, inputs)
    return ys


def loss(params, inputs, targets):
    return jnp.mean((rollout(params, inputs) - targets) ** 2)


def main():
    k = jax.random.split(jax.random.PRNGKey(0), 4)
    params = {
        "w_rec": 0.5 * jax.random.normal(k[0], (12, 12)) / jnp.sqrt(12),
        "w_in": jax.random.normal(k[1], (2, 12)),
        "w_out": jax.random.normal(k[2], (12, 1)) / jnp.sqrt(12),
    }
    inputs = jax.random.normal(k[3], (30, 2))
    targets = jnp.cumsum(inputs[:, :1], axis=0) * 0.1
    for i in range(3):
        value, g = jax.value_and_grad(loss)(params, inputs, targets)
        params = jax.tree_util.tree_map(lambda p, d: p - 0.05 * d, params, g)
        print(i, float(value))


if __name__ == "__main__":
    main()
