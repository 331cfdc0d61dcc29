"""Numerically safe reductions for masked inputs (rows may be entirely -inf)."""
import jax
import jax.numpy as jnp


def masked_softmax(x):
    m = jnp.max(x, axis=-1, keepdims=True)
    m = jnp.where(jnp.isfinite(m), m, 0.0)
    e = jnp.exp(x - m)
    return e / jnp.maximum(jnp.sum(e, axis=-1, keepdims=True), 1e-30)


def expectation(p, t):
    """E_p[t] along the last axis, kept broadcastable against t."""
    return jnp.sum(p * jnp.where(p > 0, t, 0.0), axis=-1, keepdims=True)


@jax.custom_jvp
def safe_logsumexp(x):
    m = jnp.max(x, axis=-1)
    m_safe = jnp.where(jnp.isfinite(m), m, 0.0)
    s = jnp.sum(jnp.exp(x - m_safe[..., None]), axis=-1)
    return jnp.where(s > 0, m_safe + jnp.log(jnp.maximum(s, 1e-30)), -jnp.inf)


@safe_logsumexp.defjvp
def _safe_logsumexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_logsumexp(x), expectation(masked_softmax(x), t)


def softmax_jvp(x, t):
    p = masked_softmax(x)
    return p * (t - expectation(p, t))
