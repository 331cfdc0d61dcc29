"""Thin wrappers around jax.vjp used across the project."""

import jax
import jax.numpy as jnp


def vjp_grads(f, *args, wants=None):
    """Value of scalar `f(*args)` and the gradients the `wants` bindings ask for.

    `wants` holds one `with_refs` binding tree per argument (gradient Refs, GradValue()
    or DontWant() at its leaves); by default every gradient is returned as a value.
    """
    out, f_vjp = jax.vjp(f, *args)
    if wants is None:
        wants = [jax.tree.map(lambda _: jax.ad.GradValue(), a) for a in args]
    grads = f_vjp.with_refs(*wants)(jnp.ones_like(out))
    return out, grads
