"""One Levenberg-Marquardt step for a least-squares residual function."""
import jax
import jax.numpy as jnp


def lm_step(residual_fn, params, cfg):
    r = residual_fn(params)
    J = jax.jacfwd(residual_fn)(params)
    JtJ = J.T @ J
    if cfg.marquardt_scaling:
        D = jnp.diag(jnp.diag(JtJ))
    else:
        D = jnp.eye(JtJ.shape[0])
    delta = jnp.linalg.solve(JtJ + cfg.damping * D, -J.T @ r)
    return params + delta, 0.5 * jnp.sum(r ** 2)
