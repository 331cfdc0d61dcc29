"""Generic reverse-mode helpers used by the fitting scripts."""
import jax
import jax.numpy as jnp


def value_and_vjp_grads(fn, *args):
    """Value of a scalar fn and its gradient w.r.t. every argument, via one VJP."""
    value, f_vjp = jax.vjp(fn, *args)
    grads = f_vjp(jnp.ones_like(value))
    return value, grads
