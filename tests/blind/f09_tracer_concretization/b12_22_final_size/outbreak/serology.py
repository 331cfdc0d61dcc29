"""Binomial likelihood of post-season serosurvey results."""
import jax.numpy as jnp

from outbreak.final_size import attack_rates


def next_generation(log_params, contacts):
    r0_scale, *log_susc = log_params
    susc = jnp.exp(jnp.stack(log_susc))
    return jnp.exp(r0_scale) * susc[:, None] * contacts


def neg_log_lik(log_params, contacts, positives, tested):
    z = jnp.clip(attack_rates(next_generation(log_params, contacts)), 1e-6, 1 - 1e-6)
    return -jnp.sum(positives * jnp.log(z) + (tested - positives) * jnp.log1p(-z))
