"""Morse pair potential with an analytic backward pass (for fitting to DFT energies)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class MorseParams(NamedTuple):
    depth: jax.Array
    width: jax.Array
    r_eq: jax.Array


def _pair_distances(pos):
    n = pos.shape[0]
    iu = jnp.triu_indices(n, 1)
    diff = pos[:, None, :] - pos[None, :, :]
    return jnp.sqrt(jnp.sum(diff**2, -1) + 1e-12)[iu], iu


def param_grads(g, r, p):
    """Analytic derivatives of the total energy with respect to the Morse parameters."""
    e = jnp.exp(-p.width * (r - p.r_eq))
    return MorseParams(
        depth=g * jnp.sum((1 - e) ** 2),
        width=g * jnp.sum(2 * p.depth * (1 - e) * e * (r - p.r_eq)),
        r_eq=g * jnp.sum(-2 * p.depth * (1 - e) * e * p.width),
    )


@jax.custom_vjp
def morse_energy(params, pos):
    r, _ = _pair_distances(pos)
    e = jnp.exp(-params.width * (r - params.r_eq))
    return jnp.sum(params.depth * (1 - e) ** 2)


def _fwd(params, pos):
    return morse_energy(params, pos), (params, pos)


def _bwd(res, g):
    params, pos = res
    r, iu = _pair_distances(pos)
    e = jnp.exp(-params.width * (r - params.r_eq))
    dE_dr = 2 * params.depth * (1 - e) * e * params.width
    diff = pos[iu[0]] - pos[iu[1]]
    f = (g * dE_dr / r)[:, None] * diff
    g_pos = jnp.zeros_like(pos).at[iu[0]].add(f).at[iu[1]].add(-f)
    return param_grads(g, r, params), g_pos


morse_energy.defvjp(_fwd, _bwd)
