"""Fast gradient sign method (Goodfellow et al., 2015) in pixel units."""
import jax
import jax.numpy as jnp

from model import xent


def fgsm(params, images, labels, eps=16.0):
    g = jax.grad(xent, argnums=1)(params, images, labels)
    return jnp.clip(images + eps * jnp.sign(g), 0.0, 255.0)
