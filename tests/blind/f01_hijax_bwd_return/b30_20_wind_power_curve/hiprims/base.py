"""A base class for elementwise hijax primitives given a function and its derivative."""
import jax
from jax.experimental.hijax import HiPrim


class SmoothElementwise(HiPrim):
    """Subclasses implement ``f`` and ``df``; reverse mode comes for free."""

    def __init__(self, aval, **params):
        self.in_avals = (aval,)
        self.out_aval = aval
        self.params = params
        super().__init__()

    def f(self, x):
        raise NotImplementedError

    def df(self, x):
        raise NotImplementedError

    def backward_logs(self, x, ct):
        """Optional hook: entries to log from the backward pass."""
        return NotImplemented

    def expand(self, x):
        return self.f(x)

    def vjp_fwd(self, nzs_in, x):
        return self.f(x), x

    def vjp_bwd(self, x, g, x_acc):
        ct = g * self.df(x)
        x_acc.accum(ct)
        return self.backward_logs(x, ct)

    @classmethod
    def apply(cls, x, **params):
        return cls(jax.typeof(x), **params)(x)
