"""Mean-field Gaussian ADVI with the reparameterisation trick."""
import jax
import jax.numpy as jnp


def init_guide(dim):
    return {"loc": jnp.zeros(dim), "log_scale": jnp.full(dim, -1.0)}


def elbo_parts(guide, log_joint, key, n_draws):
    eps = jax.random.normal(key, (n_draws, guide["loc"].shape[0]))
    z = guide["loc"] + jnp.exp(guide["log_scale"]) * eps
    expected_log_joint = jnp.mean(jax.vmap(log_joint)(z))
    entropy = jnp.sum(guide["log_scale"]) + 0.5 * z.shape[1] * (1.0 + jnp.log(2 * jnp.pi))
    return expected_log_joint, entropy


def negative_elbo(guide, log_joint, key, n_draws=16):
    parts = elbo_parts(guide, log_joint, key, n_draws)
    neg_elbo = -(parts[0] + parts[1])
    return neg_elbo, *parts
