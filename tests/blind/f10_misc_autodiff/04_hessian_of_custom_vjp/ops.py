"""Log-sum-exp with a memory-saving custom VJP."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def logsumexp(x):
    m = jnp.max(x)
    return m + jnp.log(jnp.sum(jnp.exp(x - m)))


def _lse_fwd(x):
    out = logsumexp(x)
    return out, jnp.exp(x - out)


def _lse_bwd(p, g):
    return (g * p,)


logsumexp.defvjp(_lse_fwd, _lse_bwd)
