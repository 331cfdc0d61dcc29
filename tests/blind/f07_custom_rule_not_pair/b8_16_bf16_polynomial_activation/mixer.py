"""A token-mixing MLP block kept in bfloat16, fine-tuned with forward-mode gradients."""
import jax
import jax.numpy as jnp

from polyact import poly_gelu

DTYPE = jnp.bfloat16


def block(params, x):
    h = poly_gelu(x @ params["up"])
    return x + h @ params["down"]


def loss(params, x, y):
    out = block(params, x).astype(jnp.float32)
    return jnp.mean((out - y) ** 2)


def init(key, d=8, hidden=16):
    k1, k2 = jax.random.split(key)
    return {
        "up": (jax.random.normal(k1, (d, hidden)) / jnp.sqrt(d)).astype(DTYPE),
        "down": (jax.random.normal(k2, (hidden, d)) / jnp.sqrt(hidden)).astype(DTYPE),
    }


def main():
    params = init(jax.random.PRNGKey(0))
    x = jax.random.normal(jax.random.PRNGKey(1), (32, 8)).astype(DTYPE)
    y = jnp.roll(x, 1, axis=-1).astype(jnp.float32)
    for i in range(3):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        params = jax.tree_util.tree_map(lambda p, g: p - (0.1 * g).astype(p.dtype), params, grads)
        print(i, float(value))


if __name__ == "__main__":
    main()
