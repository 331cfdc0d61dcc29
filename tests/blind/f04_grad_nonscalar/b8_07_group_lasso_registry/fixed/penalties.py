"""Regularisers by name, so that experiment configs can pick them."""
import jax.numpy as jnp

REGULARIZERS = {}


def register(name):
    def deco(fn):
        REGULARIZERS[name] = fn
        return fn

    return deco


@register("l2")
def l2(w, strength):
    return strength * jnp.sum(w**2)


@register("group_lasso")
def group_lasso(w, strength):
    # one group per input feature: the row of the first-layer weights
    return strength * jnp.sum(jnp.linalg.norm(w, axis=1))


def total_penalty(params, spec):
    """spec maps a parameter name to (regulariser name, strength)."""
    terms = {
        name: REGULARIZERS[reg](params[name], strength)
        for name, (reg, strength) in spec.items()
    }
    return sum(terms.values())
