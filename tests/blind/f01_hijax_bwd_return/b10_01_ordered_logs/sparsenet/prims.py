"""Masked matrix product as a HiPrim, so its backward pass can log gradient norms."""
import jax
from jax.experimental.hijax import HiPrim

from sparsenet.logs import grad_summary


class MaskedMatmul(HiPrim):
    """y = x @ (w * mask), with the mask treated as a constant."""

    def __init__(self, x_aval, w_aval, mask, name):
        self.in_avals = (x_aval, w_aval)
        self.out_aval = x_aval.update(shape=(x_aval.shape[0], w_aval.shape[1]))
        self.params = {"mask_key": name}
        self._mask = mask
        super().__init__()

    def expand(self, x, w):
        return x @ (w * self._mask)

    def vjp_fwd(self, nzs_in, x, w):
        return self.expand(x, w), (x, w)

    def vjp_bwd(self, res, g, x_acc, w_acc):
        x, w = res
        gx = g @ (w * self._mask).T
        gw = (x.T @ g) * self._mask
        x_acc.accum(gx)
        w_acc.accum(gw)
        return grad_summary(self.mask_key, x=gx, w=gw)


def masked_matmul(x, w, mask, name):
    return MaskedMatmul(jax.typeof(x), jax.typeof(w), mask, name)(x, w)
