"""Alternating hinge-GAN updates on a ring of eight Gaussians."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from gan_losses import d_hinge, g_hinge
from nets import discriminator, generator, mlp_init

Z_DIM = 4


class GANState(NamedTuple):
    g: list
    d: list
    key: jax.Array


def ring_data(key, n):
    k1, k2 = jax.random.split(key)
    angle = 2 * jnp.pi * jax.random.randint(k1, (n,), 0, 8) / 8
    centres = jnp.stack([jnp.cos(angle), jnp.sin(angle)], axis=1) * 2.0
    return centres + 0.05 * jax.random.normal(k2, (n, 2))


def d_objective(d_params, g_params, real, z):
    fake = generator(g_params, z)
    return d_hinge(discriminator(d_params, real), discriminator(d_params, fake))


def g_objective(g_params, d_params, z):
    return g_hinge(discriminator(d_params, generator(g_params, z)))


@jax.jit
def train_step(state, real, lr=1e-2):
    key, kz1, kz2 = jax.random.split(state.key, 3)
    z = jax.random.normal(kz1, (real.shape[0], Z_DIM))
    d_loss, d_grads = jax.value_and_grad(d_objective)(state.d, state.g, real, z)
    d = jax.tree.map(lambda p, g: p - lr * g, state.d, d_grads)
    z = jax.random.normal(kz2, (real.shape[0], Z_DIM))
    g_loss, g_grads = jax.value_and_grad(g_objective)(state.g, d, z)
    g = jax.tree.map(lambda p, gr: p - lr * gr, state.g, g_grads)
    return GANState(g, d, key), (d_loss, g_loss)


def main():
    kg, kd, ks = jax.random.split(jax.random.key(0), 3)
    state = GANState(mlp_init(kg, [Z_DIM, 32, 2]), mlp_init(kd, [2, 32, 1]), ks)
    for it in range(5):
        real = ring_data(jax.random.key(100 + it), 64)
        state, (dl, gl) = train_step(state, real)
        print(f"iter {it}: D {float(dl):.3f} G {float(gl):.3f}")
    return state


if __name__ == "__main__":
    main()
