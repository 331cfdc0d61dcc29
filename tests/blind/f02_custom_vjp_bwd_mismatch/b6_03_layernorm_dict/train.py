"""Denoising objective for a stack of residual blocks."""

import functools

import jax
import jax.numpy as jnp

from model import ResidualBlock

BLOCK = ResidualBlock(width=8)


def denoise_loss(params, noisy, clean):
    x = noisy
    for p in params:
        x = BLOCK(p, x)
    return jnp.mean((x - clean) ** 2)


@functools.partial(jax.jit, donate_argnums=0)
def sgd_step(params, noisy, clean):
    loss, grads = jax.value_and_grad(denoise_loss)(params, noisy, clean)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, grads), loss


def main():
    keys = jax.random.split(jax.random.PRNGKey(0), 3)
    params = [BLOCK.init(k) for k in keys[:2]]
    clean = jax.random.normal(keys[2], (16, 10, 8))
    noisy = clean + 0.3 * jax.random.normal(jax.random.PRNGKey(9), clean.shape)
    for _ in range(10):
        params, loss = sgd_step(params, noisy, clean)
    print(f"denoise loss {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
