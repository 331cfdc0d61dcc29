"""Auxiliary router losses for mixture-of-experts layers, registered by name."""

import jax
import jax.numpy as jnp

AUX_LOSSES = {}


def register(name):
    def deco(fn):
        AUX_LOSSES[name] = fn
        return fn
    return deco


@register("load_balance")
def load_balance(router_logits, expert_index):
    """Switch-Transformer balance term: n * sum_e f_e * P_e."""
    n_experts = router_logits.shape[-1]
    probs = jax.nn.softmax(router_logits, axis=-1)
    frac_tokens = jnp.mean(jax.nn.one_hot(expert_index, n_experts), axis=0)
    mean_prob = jnp.mean(probs, axis=0)
    return n_experts * frac_tokens * mean_prob


@register("router_z")
def router_z(router_logits, expert_index):
    return jnp.mean(jax.nn.logsumexp(router_logits, axis=-1) ** 2)
