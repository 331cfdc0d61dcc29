"""One Levenberg-Marquardt step with multiplicative damping updates."""
from functools import partial

import jax
import jax.numpy as jnp


def sse(model, params, t, y):
    return jnp.sum((model(params, t) - y) ** 2)


@partial(jax.jit, static_argnums=0)
def lm_step(model, params, damping, t, y):
    residual = model(params, t) - y
    jac = jax.jacfwd(model)(params, t)
    jtj = jac.T @ jac
    delta = jnp.linalg.solve(jtj + damping * jnp.diag(jnp.diag(jtj)), -jac.T @ residual)
    candidate = params + delta
    improved = sse(model, candidate, t, y) < sse(model, params, t, y)
    return (jnp.where(improved, candidate, params),
            jnp.where(improved, damping / 3.0, damping * 2.0))
