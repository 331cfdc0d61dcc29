"""Assignment 3, part 2: sign activation with a straight-through estimator.

Forward: sign(x).  Backward: let the gradient through where |x| <= 1
(the "hard tanh" STE of Courbariaux et al.), as in the PyTorch starter code:
    grad_input[x.abs() > 1] = 0
"""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

TRACK_SATURATION = False  # set to True for question 2c (plot of saturated units)


class SignSTE(HiPrim):
    def __init__(self, x_aval):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = {}
        super().__init__()

    def expand(self, x):
        return jnp.where(x >= 0, 1.0, -1.0)

    def vjp_fwd(self, nzs_in, x):
        return self.expand(x), x

    def vjp_bwd(self, x, g, x_acc):
        grad_input = jnp.where(jnp.abs(x) <= 1.0, g, 0.0)
        x_acc.accum(grad_input)
        if TRACK_SATURATION:
            return {"saturated": jnp.mean(jnp.abs(x) > 1.0)}
        return None


def binarize(x):
    return SignSTE(jax.typeof(x))(x)
