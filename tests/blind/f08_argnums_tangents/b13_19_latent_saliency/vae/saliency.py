"""Which input pixels move a latent dimension: gradients of the latent mean."""

import jax
import jax.numpy as jnp

from vae.encoder import encode
from vae.seeds import unit_seed


def latent_saliency(params, patches, dim):
    (mean, log_var), f_vjp = jax.vjp(lambda x: encode(params, x), patches)
    (grad_x,) = f_vjp(unit_seed(mean, dim))
    return jnp.abs(grad_x).reshape(-1, 8, 8)
