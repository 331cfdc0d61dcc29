"""A top-1 mixture-of-experts regression layer."""

import jax
import jax.numpy as jnp


def init_moe(key, d_in, d_out, n_experts):
    k1, k2 = jax.random.split(key)
    return {
        "router": 0.1 * jax.random.normal(k1, (d_in, n_experts)),
        "experts": jax.random.normal(k2, (n_experts, d_in, d_out)) / jnp.sqrt(d_in),
    }


def moe_forward(params, x):
    router_logits = x @ params["router"]
    expert_index = jnp.argmax(router_logits, axis=-1)
    gate = jnp.max(jax.nn.softmax(router_logits, axis=-1), axis=-1)
    expert_w = params["experts"][expert_index]
    y = gate[:, None] * jnp.einsum("bi,bio->bo", x, expert_w)
    return y, (router_logits, expert_index)
