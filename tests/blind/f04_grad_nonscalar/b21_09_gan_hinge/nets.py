"""MLP generator and discriminator for a 2-D ring-of-Gaussians GAN."""
import jax
import jax.numpy as jnp


def mlp_init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        (jax.random.normal(k, (m, n)) * jnp.sqrt(2.0 / m), jnp.zeros(n))
        for k, m, n in zip(keys, sizes[:-1], sizes[1:])
    ]


def mlp_apply(layers, x):
    for w, b in layers[:-1]:
        x = jax.nn.leaky_relu(x @ w + b, 0.2)
    w, b = layers[-1]
    return x @ w + b


generator = mlp_apply
discriminator = mlp_apply          # returns (batch, 1) critic scores
