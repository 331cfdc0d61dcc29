"""Fit a small policy head whose pre-activations are soft-clipped."""

import jax
import jax.numpy as jnp

from activations import soft_clip


def init_params(key, d_in=6, d_hidden=16, d_out=2):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d_in, d_hidden)) / jnp.sqrt(d_in),
        "b1": jnp.zeros(d_hidden),
        "w2": jax.random.normal(k2, (d_hidden, d_out)) / jnp.sqrt(d_hidden),
    }


def forward(params, obs):
    h = soft_clip(obs @ params["w1"] + params["b1"])
    return jnp.tanh(h @ params["w2"])


def loss_fn(params, obs, target):
    return jnp.mean((forward(params, obs) - target) ** 2)


@jax.jit
def train_step(params, obs, target, lr=0.05):
    loss, grads = jax.value_and_grad(loss_fn)(params, obs, target)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def main():
    key = jax.random.PRNGKey(0)
    params = init_params(key)
    obs = jax.random.normal(jax.random.PRNGKey(1), (32, 6))
    target = jnp.tanh(obs[:, :2])
    for step in range(20):
        params, loss = train_step(params, obs, target)
    print(f"final loss {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
