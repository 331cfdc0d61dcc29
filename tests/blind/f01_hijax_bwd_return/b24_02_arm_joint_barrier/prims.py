"""Base class for elementwise penalty primitives used by the planners."""
import jax
from jax.experimental.hijax import HiPrim


class ElementwisePenalty(HiPrim):
    """An elementwise penalty with an analytic slope.

    Subclasses implement `value(x)` and `slope(x)`; they can expose extra entries
    for the backward-pass log through `backward_logs`.
    """

    def __init__(self, x_aval, **params):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = params
        super().__init__()

    @classmethod
    def apply(cls, x, **params):
        return cls(jax.typeof(x), **params)(x)

    @property
    def backward_logs(self):
        return None

    def expand(self, x):
        return self.value(x)

    def vjp_fwd(self, nzs_in, x):
        return self.value(x), x

    def vjp_bwd(self, x, g, x_acc):
        x_acc.accum(g * self.slope(x))
        return self.backward_logs
