"""Log-space reductions shared by the HMM code (ported from hmmtools.m)."""
import jax
import jax.numpy as jnp


def softmax_stats(a):
    """Row-wise log-sum-exp, the softmax weights, and the row maxima used for scaling."""
    m = jnp.max(a, axis=-1, keepdims=True)
    e = jnp.exp(a - m)
    s = jnp.sum(e, axis=-1, keepdims=True)
    out = (m + jnp.log(s))[..., 0]
    return out, e / s, m[..., 0]


@jax.custom_vjp
def logsumexp_rows(a):
    return softmax_stats(a)[0]


def _lse_fwd(a):
    out, w, _ = softmax_stats(a)
    return out, w


def _lse_bwd(w, g):
    return (g[..., None] * w,)


logsumexp_rows.defvjp(_lse_fwd, _lse_bwd)
