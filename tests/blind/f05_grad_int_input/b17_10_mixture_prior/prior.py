"""A learnable Gaussian-mixture prior with diagonal scales."""
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


def init_prior(key, cfg):
    k, d = cfg["n_components"], cfg["dim"]
    return {
        "logits": jnp.zeros(k),
        "means": cfg["init_spread"] * jax.random.normal(key, (k, d)),
        "log_scales": jnp.full((k, d), cfg["init_log_scale"]),
    }


def log_prob(params, x):
    scales = jnp.exp(params["log_scales"])
    z = (x[:, None, :] - params["means"][None]) / scales[None]
    comp = -0.5 * jnp.sum(z**2, -1) - jnp.sum(params["log_scales"], -1) - x.shape[-1] * 0.9189385
    return logsumexp(comp + jax.nn.log_softmax(params["logits"]), axis=-1)


def nll(params, x):
    return -jnp.mean(log_prob(params, x))
