"""Thin wrappers around jax.vjp used by the trainer and the analysis scripts."""
import jax
import jax.numpy as jnp


def pullback(fn, *args, cotangent=None, grad_refs=None):
    """Value of fn(*args) and its VJP applied to `cotangent` (ones by default).

    Arguments held in Refs need an entry in `grad_refs` (a gradient Ref, or
    jax.ad.DontWant()); the others take jax.ad.GradValue().
    """
    out, f_vjp = jax.vjp(fn, *args)
    ct = jnp.ones_like(out) if cotangent is None else cotangent
    if grad_refs is None:
        return out, f_vjp(ct)
    return out, f_vjp.with_refs(*grad_refs)(ct)
