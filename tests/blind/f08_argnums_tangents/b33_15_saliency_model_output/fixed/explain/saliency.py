"""Gradient saliency maps, shared by every classifier the team ships."""
import jax
import jax.numpy as jnp


def input_saliency(apply_fn, params, x, target_class):
    """|d logit[target] / d x| for each input feature."""
    out, pullback = jax.vjp(lambda inputs: apply_fn(params, inputs), x)
    logits, aux = out
    seed = jax.nn.one_hot(target_class, logits.shape[-1]) * jnp.ones_like(logits)
    (dx,) = pullback(type(out)(seed, jnp.zeros_like(aux)))
    return jnp.abs(dx)
