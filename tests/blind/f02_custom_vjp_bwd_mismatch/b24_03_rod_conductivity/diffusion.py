"""Backward-Euler heat diffusion along a rod with per-face conductivity."""
from functools import partial

import jax
import jax.numpy as jnp

from adjoint import face_sensitivity


def diffusion_matrix(kappa, coef):
    """I + coef * L(kappa) for a rod with insulated ends (len(kappa) + 1 cells)."""
    n = kappa.shape[0] + 1
    main = jnp.zeros(n).at[:-1].add(kappa).at[1:].add(kappa)
    lap = jnp.diag(main) - jnp.diag(kappa, 1) - jnp.diag(kappa, -1)
    return jnp.eye(n) + coef * lap


@partial(jax.custom_vjp, nondiff_argnums=(2,))
def implicit_step(u, kappa, coef):
    return jnp.linalg.solve(diffusion_matrix(kappa, coef), u)


def _step_fwd(u, kappa, coef):
    m = diffusion_matrix(kappa, coef)
    u_new = jnp.linalg.solve(m, u)
    return u_new, (m, u_new)


def _step_bwd(coef, res, g):
    m, u_new = res
    lam = jnp.linalg.solve(m.T, g)
    return lam, face_sensitivity(u_new, lam, coef)


implicit_step.defvjp(_step_fwd, _step_bwd)


def simulate(kappa, u0, n_steps, dt=0.05, dx=0.1):
    coef = dt / dx**2
    u = u0
    snapshots = []
    for _ in range(n_steps):
        u = implicit_step(u, kappa, coef)
        snapshots.append(u)
    return jnp.stack(snapshots)
