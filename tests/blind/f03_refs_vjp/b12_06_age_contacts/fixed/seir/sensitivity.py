"""Generic reverse-mode helpers used by the fitting scripts."""
import jax
import jax.numpy as jnp


def value_and_vjp_grads(fn, *args):
    """Value of a scalar fn and its gradient w.r.t. every argument, via one VJP."""
    value, f_vjp = jax.vjp(fn, *args)
    wanted = [
        jax.new_ref(jnp.zeros_like(a[...])) if isinstance(a, jax.Ref)
        else jax.tree.map(lambda _: jax.ad.GradValue(), a)
        for a in args
    ]
    grads = f_vjp.with_refs(*wanted)(jnp.ones_like(value))
    return value, grads
