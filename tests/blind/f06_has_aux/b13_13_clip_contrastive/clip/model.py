"""Two linear towers mapping images and captions into a shared space."""

import jax
import jax.numpy as jnp


def init(key, img_dim, txt_dim, dim):
    ki, kt = jax.random.split(key)
    return {
        "img": jax.random.normal(ki, (img_dim, dim)) / jnp.sqrt(img_dim),
        "txt": jax.random.normal(kt, (txt_dim, dim)) / jnp.sqrt(txt_dim),
        "log_temp": jnp.log(jnp.array(1 / 0.07)),
    }


def embed(w, x):
    z = x @ w
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)
