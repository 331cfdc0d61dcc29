"""Saturating incidence beta * S * I / (1 + alpha * I) with a hand-written gradient."""
import jax
import jax.numpy as jnp

from params import EpiParams


@jax.custom_vjp
def incidence(p, s, i):
    return p.beta * s * i / (1.0 + p.alpha * i)


def _incidence_fwd(p, s, i):
    denom = 1.0 + p.alpha * i
    return p.beta * s * i / denom, (p, s, i, denom)


def _incidence_bwd(res, g):
    p, s, i, denom = res
    rate = s * i / denom
    g_p = EpiParams(beta=g * rate,
                    sigma=jnp.zeros_like(p.sigma),
                    gamma=jnp.zeros_like(p.gamma),
                    alpha=-g * p.beta * rate * i / denom)
    g_s = g * p.beta * i / denom
    g_i = g * p.beta * s / denom**2
    return g_p, g_s, g_i


incidence.defvjp(_incidence_fwd, _incidence_bwd)
