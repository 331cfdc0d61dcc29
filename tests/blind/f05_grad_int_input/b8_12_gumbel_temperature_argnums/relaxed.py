"""Gumbel-softmax relaxation of a categorical latent, with a KL warm-up schedule."""
import jax
import jax.numpy as jnp


def kl_weight(step, warmup=100):
    return jnp.minimum(1.0, step / warmup)


def relaxed_sample(key, logits, temperature):
    g = -jnp.log(-jnp.log(jax.random.uniform(key, logits.shape, minval=1e-6, maxval=1.0)))
    return jax.nn.softmax((logits + g) / temperature, axis=-1)


def loss(params, batch, step, temperature):
    key, x = batch
    logits = x @ params["enc"]
    z = relaxed_sample(key, logits, temperature)
    recon = z @ params["dec"]
    q = jax.nn.softmax(logits, axis=-1)
    kl = jnp.sum(q * (jnp.log(q + 1e-9) + jnp.log(q.shape[-1])), axis=-1)
    return jnp.mean(jnp.sum((recon - x) ** 2, axis=-1) + kl_weight(step) * kl)
