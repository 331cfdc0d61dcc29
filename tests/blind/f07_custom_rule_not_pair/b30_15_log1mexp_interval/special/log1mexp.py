"""log(1 - exp(-x)) with a derivative that stays accurate near zero."""
import jax

from special._kernels import log1mexp_eval


@jax.custom_vjp
def log1mexp(x):
    return log1mexp_eval(x).value


def _fwd(x):
    return log1mexp_eval(x)


def _bwd(res, g):
    return (g * res.ratio,)


log1mexp.defvjp(_fwd, _bwd)
