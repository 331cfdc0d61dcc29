"""Linear model under a Cauchy (Lorentzian) loss, with a custom VJP for stability."""
import jax
import jax.numpy as jnp

from robust.grads import param_grads

SCALE = 1.0


@jax.custom_vjp
def cauchy_loss(params, x, y):
    r = x @ params["coef"] + params["intercept"] - y
    return 0.5 * jnp.sum(jnp.log1p((r / SCALE) ** 2))


def _fwd(params, x, y):
    r = x @ params["coef"] + params["intercept"] - y
    return 0.5 * jnp.sum(jnp.log1p((r / SCALE) ** 2)), (x, r)


def _bwd(res, g):
    x, r = res
    return param_grads(g, x, r, SCALE), None, None


cauchy_loss.defvjp(_fwd, _bwd)
