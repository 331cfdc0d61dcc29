"""Embedded-atom model: per-atom energies of a small metallic cluster."""
import jax.numpy as jnp

RHO0, A, B, R0 = 1.0, 0.8, 1.2, 1.0


def pair_distances(r):
    diff = r[:, None, :] - r[None, :, :]
    n = r.shape[0]
    d2 = jnp.sum(diff**2, axis=-1) + jnp.eye(n)  # keep the diagonal away from 0
    return jnp.sqrt(d2), 1.0 - jnp.eye(n)


def site_energies(r):
    """E_i = F(rho_i) + 1/2 sum_j phi(r_ij), one entry per atom."""
    d, mask = pair_distances(r)
    rho = jnp.sum(mask * RHO0 * jnp.exp(-B * (d - R0)), axis=1)
    embedding = -A * jnp.sqrt(rho)
    pair = 0.5 * jnp.sum(mask * jnp.exp(-2.0 * B * (d - R0)), axis=1)
    return embedding + pair
