import jax

from normkit.dp_utils import affine_param_grads


@jax.custom_vjp
def scale_shift(x, scale, shift):
    return x * scale + shift


def _fwd(x, scale, shift):
    return x * scale + shift, (x, scale)


def _bwd(res, g):
    x, scale = res
    d_scale, d_shift = affine_param_grads(x, g)
    return g * scale, d_scale.sum(axis=0), d_shift.sum(axis=0)


scale_shift.defvjp(_fwd, _bwd)
