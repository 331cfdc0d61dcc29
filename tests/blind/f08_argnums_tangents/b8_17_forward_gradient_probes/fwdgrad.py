"""Forward-gradient descent (no backward pass) on a bfloat16 linear classifier."""
import functools

import jax
import jax.numpy as jnp

from probes import gaussian_probe

PARAM_DTYPE = jnp.bfloat16


def loss(params, x, y):
    logits = (x.astype(PARAM_DTYPE) @ params["w"] + params["b"]).astype(jnp.float32)
    return jnp.mean(jax.nn.softplus(logits) - y * logits)


@functools.partial(jax.jit, static_argnames=("lr",))
def forward_gradient_step(params, key, x, y, lr=0.05):
    v = gaussian_probe(key, params)
    value, slope = jax.jvp(lambda p: loss(p, x, y), (params,), (v,))
    return jax.tree_util.tree_map(lambda p, d: p - (lr * slope * d).astype(p.dtype), params, v), value


def train(steps=3):
    x = jax.random.normal(jax.random.PRNGKey(0), (128, 5))
    y = (x[:, 0] - x[:, 1] > 0).astype(jnp.float32)
    params = {"w": jnp.zeros(5, PARAM_DTYPE), "b": jnp.zeros((), PARAM_DTYPE)}
    key = jax.random.PRNGKey(42)
    for _ in range(steps):
        key, sub = jax.random.split(key)
        params, value = forward_gradient_step(params, sub, x, y)
    return params, value


def main():
    params, value = train()
    print("loss", float(value), "w", params["w"])


if __name__ == "__main__":
    main()
