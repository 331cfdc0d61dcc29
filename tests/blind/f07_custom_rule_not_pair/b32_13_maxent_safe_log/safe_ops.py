"""Numerically safe log for entropies (lecture 6 notes: "0 log 0 = 0").

The derivative 1/p blows up at p = 0, so we give jax our own rule.
"""
import jax
import jax.numpy as jnp

EPS = 1e-12


@jax.custom_jvp
def safe_log(p):
    return jnp.log(jnp.maximum(p, EPS))


safe_log.defjvp(lambda primals, tangents: tangents[0] / jnp.maximum(primals[0], EPS))


def entropy(p):
    return -jnp.sum(p * safe_log(p))
