"""Self-supervised objectives, registered by name; each sees a batch of windows and a key."""
import jax
import jax.numpy as jnp

from pretrain.encoder import reconstruct

OBJECTIVES = {}


def register(name):
    def add(fn):
        OBJECTIVES[name] = fn
        return fn
    return add


@register("masked")
def masked_reconstruction(params, windows, key, mask_rate=0.15):
    mask = jax.random.bernoulli(key, mask_rate, windows.shape)
    recon = jax.vmap(reconstruct, in_axes=(None, 0))(params, jnp.where(mask, 0.0, windows))
    err = jnp.sum(jnp.where(mask, (recon - windows) ** 2, 0.0)) / jnp.maximum(mask.sum(), 1)
    return err, {"mask_fraction": mask.mean()}


@register("denoise")
def denoising(params, windows, key, sigma=0.1):
    noisy = windows + sigma * jax.random.normal(key, windows.shape)
    recon = jax.vmap(reconstruct, in_axes=(None, 0))(params, noisy)
    err = jnp.mean((recon - windows) ** 2)
    snr_db = 10.0 * jnp.log10(jnp.mean(windows**2) / err)
    return err, {"snr_db": snr_db}
