"""Fused scoring kernel for biased matrix factorisation."""
import jax
import jax.numpy as jnp

from gradutils import outer_grad, reduce_bias_grad


@jax.custom_vjp
def biased_score(user_vecs, item_vecs, item_bias, global_bias):
    return jnp.sum(user_vecs * item_vecs, axis=-1) + item_bias + global_bias


def _score_fwd(user_vecs, item_vecs, item_bias, global_bias):
    out = biased_score(user_vecs, item_vecs, item_bias, global_bias)
    return out, (user_vecs, item_vecs)


def _score_bwd(res, g):
    user_vecs, item_vecs = res
    g_user = outer_grad(g, item_vecs)
    g_item = outer_grad(g, user_vecs)
    g_item_bias = g
    g_global = jnp.sum(g)
    return g_user, g_item, g_item_bias, g_global


biased_score.defvjp(_score_fwd, _score_bwd)
