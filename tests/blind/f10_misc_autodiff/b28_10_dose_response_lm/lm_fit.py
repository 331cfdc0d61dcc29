"""Levenberg-Marquardt for small curve fits (few parameters, many points)."""
import jax
import jax.numpy as jnp


def levenberg_marquardt(residual_fn, params, *, n_iter=30, damping=1e-2):
    jac_fn = jax.jacfwd(residual_fn)
    for it in range(n_iter):
        r = residual_fn(params)
        J = jac_fn(params)
        JtJ = J.T @ J
        step = jnp.linalg.solve(JtJ + damping * jnp.diag(jnp.diag(JtJ)), -J.T @ r)
        new = params + step
        if jnp.sum(residual_fn(new) ** 2) < jnp.sum(r ** 2):
            params, damping = new, damping * 0.5
        else:
            damping = damping * 4.0
    return params
