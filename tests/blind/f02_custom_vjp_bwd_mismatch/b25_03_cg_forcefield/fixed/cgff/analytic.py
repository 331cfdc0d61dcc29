"""Closed-form derivatives of the Lennard-Jones pair energy."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from cgff.params import ForceField, ForceFieldGrads


def mixed(ff: ForceField, types):
    """Lorentz-Berthelot mixing for every pair (i, j)."""
    eps_i, eps_j = ff.epsilon[types][:, None], ff.epsilon[types][None, :]
    sig_i, sig_j = ff.sigma[types][:, None], ff.sigma[types][None, :]
    return jnp.sqrt(eps_i * eps_j), 0.5 * (sig_i + sig_j)


def lj_terms(eps, sig, r2):
    sr6 = (sig**2 / r2) ** 3
    return sr6, sr6**2


def parameter_sensitivities(ff: ForceField, types, r2, mask, g) -> ForceField:
    eps, sig = mixed(ff, types)
    sr6, sr12 = lj_terms(eps, sig, r2)
    d_eps_pair = g * mask * 4.0 * (sr12 - sr6)
    d_sig_pair = g * mask * 4.0 * eps * (12.0 * sr12 - 6.0 * sr6) / sig
    eps_i = ff.epsilon[types]
    # d sqrt(e_i e_j) / d e_i = e_j / (2 sqrt(e_i e_j))
    d_eps_i = jnp.sum(d_eps_pair * eps / (2.0 * eps_i[:, None]), axis=1)
    d_eps_j = jnp.sum(d_eps_pair * eps / (2.0 * eps_i[None, :]), axis=0)
    d_sig_i = 0.5 * jnp.sum(d_sig_pair, axis=1)
    d_sig_j = 0.5 * jnp.sum(d_sig_pair, axis=0)
    n_types = ff.epsilon.shape[0]
    d_epsilon = jax.ops.segment_sum(d_eps_i + d_eps_j, types, num_segments=n_types)
    d_sigma = jax.ops.segment_sum(d_sig_i + d_sig_j, types, num_segments=n_types)
    return ForceField(epsilon=d_epsilon, sigma=d_sigma)
