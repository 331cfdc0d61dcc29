"""Quaternion helpers; `normalize` has a hand-written VJP that stays finite near zero."""

import jax
import jax.numpy as jnp


def multiply(p, q):
    pw, px, py, pz = p
    qw, qx, qy, qz = q
    return jnp.array([
        pw * qw - px * qx - py * qy - pz * qz,
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy - px * qz + py * qw + pz * qx,
        pw * qz + px * qy - py * qx + pz * qw,
    ])


@jax.custom_vjp
def normalize(q):
    return q / jnp.sqrt(jnp.sum(q * q) + 1e-12)


def _normalize_fwd(q):
    n = jnp.sqrt(jnp.sum(q * q) + 1e-12)
    u = q / n
    return u, (u, n)


def _normalize_bwd(res, g):
    u, n = res
    return ((g - u * jnp.dot(u, g)) / n,)


normalize.defvjp(_normalize_fwd, _normalize_bwd)
