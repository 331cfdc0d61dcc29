"""Generic attribution utilities: gradients of a scalar score w.r.t. the inputs."""
import jax
import jax.numpy as jnp


def pullback(fn, *primals, seed=None):
    """Return fn(*primals) and the cotangents of every primal for the given seed."""
    out, f_vjp = jax.vjp(fn, *primals)
    if seed is None:
        seed = jnp.ones_like(out)
    return out, f_vjp(seed)


def saliency(score_fn, *args):
    """Absolute input gradient of the summed scores, one map per argument."""
    _, cts = pullback(lambda *a: jnp.sum(score_fn(*a)), *args)
    return jax.tree.map(jnp.abs, cts)
