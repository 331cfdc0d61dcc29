"""Registry of VAE objectives, selected by name from the run config."""
import jax
import jax.numpy as jnp

LOSSES = {}


def register(name):
    def deco(fn):
        LOSSES[name] = fn
        return fn
    return deco


def gaussian_kl(mu, log_var):
    return -0.5 * jnp.sum(1 + log_var - mu**2 - jnp.exp(log_var), axis=-1)


@register("elbo")
def elbo(recon, x, mu, log_var):
    rec = jnp.sum((recon - x) ** 2, axis=-1)
    kl = gaussian_kl(mu, log_var)
    return jnp.mean(rec + kl), {"rec": jnp.mean(rec), "kl": jnp.mean(kl)}


@register("beta_elbo")
def beta_elbo(recon, x, mu, log_var, beta=4.0):
    rec = jnp.sum((recon - x) ** 2, axis=-1)
    kl = gaussian_kl(mu, log_var)
    return jnp.mean(rec + beta * kl), {"rec": jnp.mean(rec), "kl": jnp.mean(kl)}
