"""A Gaussian VAE with MLP encoder and Bernoulli decoder."""
import jax
import jax.numpy as jnp


def dense(key, n_in, n_out):
    return {"w": jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in), "b": jnp.zeros(n_out)}


def init_vae(key, d_x, d_h, d_z):
    k = jax.random.split(key, 4)
    return {
        "enc": dense(k[0], d_x, d_h),
        "enc_mu": dense(k[1], d_h, d_z),
        "enc_logvar": dense(k[2], d_h, d_z),
        "dec": [dense(k[3], d_z, d_h), dense(jax.random.fold_in(k[3], 1), d_h, d_x)],
    }


def _apply(layer, x):
    return x @ layer["w"] + layer["b"]


def negative_elbo(params, batch, key):
    h = jax.nn.relu(_apply(params["enc"], batch))
    mu, logvar = _apply(params["enc_mu"], h), _apply(params["enc_logvar"], h)
    z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(key, mu.shape)
    logits = _apply(params["dec"][1], jax.nn.relu(_apply(params["dec"][0], z)))
    recon = jnp.sum(jnp.logaddexp(0.0, logits) - batch * logits, axis=-1).mean()
    kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu**2 - 1.0 - logvar, axis=-1).mean()
    return recon + kl, {"recon": recon, "kl": kl}
