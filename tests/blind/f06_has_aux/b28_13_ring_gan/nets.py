"""Tiny MLP generator/discriminator for the 8-Gaussians ring toy problem."""
import jax
import jax.numpy as jnp


def mlp_init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (m, n)) * jnp.sqrt(2.0 / m), jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def mlp_apply(params, x):
    for w, b in params[:-1]:
        x = jax.nn.leaky_relu(x @ w + b, 0.2)
    w, b = params[-1]
    return x @ w + b


def ring_batch(key, n, radius=2.0, modes=8, std=0.05):
    k1, k2 = jax.random.split(key)
    angle = 2 * jnp.pi * jax.random.randint(k1, (n,), 0, modes) / modes
    centers = radius * jnp.stack([jnp.cos(angle), jnp.sin(angle)], axis=-1)
    return centers + std * jax.random.normal(k2, (n, 2))


def discriminator_loss(d_params, g_params, real, z):
    fake = mlp_apply(g_params, z)
    d_real = mlp_apply(d_params, real)
    d_fake = mlp_apply(d_params, fake)
    loss = jnp.mean(jax.nn.softplus(-d_real)) + jnp.mean(jax.nn.softplus(d_fake))
    return loss, {"d_real": jnp.mean(jax.nn.sigmoid(d_real)),
                  "d_fake": jnp.mean(jax.nn.sigmoid(d_fake))}


def generator_loss(g_params, d_params, z):
    return jnp.mean(jax.nn.softplus(-mlp_apply(d_params, mlp_apply(g_params, z))))
