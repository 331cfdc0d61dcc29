"""Custom primitives of the inventory simulator."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class SoftMin(HiPrim):
    """Smooth min(a, b) = -tau * logaddexp(-a / tau, -b / tau), sold = softmin(stock, demand)."""

    def __init__(self, a, b, tau):
        self.in_avals = (jax.typeof(a), jax.typeof(b))
        self.out_aval = jax.typeof(a)
        self.params = dict(tau=tau)
        super().__init__()

    def expand(self, a, b):
        return -self.tau * jnp.logaddexp(-a / self.tau, -b / self.tau)

    def vjp_fwd(self, nzs_in, a, b):
        out = self.expand(a, b)
        w_a = jax.nn.sigmoid((b - a) / self.tau)
        return out, w_a

    def vjp_bwd(self, w_a, g, a_acc, b_acc):
        cts = (g * w_a, g * (1.0 - w_a))
        for acc, ct in zip((a_acc, b_acc), cts):
            acc.accum(ct)


def softmin(a, b, tau=1.0):
    return SoftMin(a, b, tau)(a, b)
