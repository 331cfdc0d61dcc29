"""Base class for elementwise kernels whose subclasses only write their derivatives."""
from jax.experimental.hijax import HiPrim


class ElementwiseKernel(HiPrim):
    """Subclasses implement ``value(*args)`` and ``derivatives(res, g)``.

    ``derivatives`` returns one cotangent per input, in input order.
    """

    def __init__(self, *avals, out_aval):
        self.in_avals = tuple(avals)
        self.out_aval = out_aval
        self.params = {}
        super().__init__()

    def value(self, *args):
        raise NotImplementedError

    def derivatives(self, res, g):
        raise NotImplementedError

    def expand(self, *args):
        return self.value(*args)

    def vjp_fwd(self, nzs_in, *args):
        return self.value(*args), args

    def vjp_bwd(self, res, g, *accums):
        cts = self.derivatives(res, g)
        return [acc.accum(ct) for acc, ct in zip(accums, cts)]
