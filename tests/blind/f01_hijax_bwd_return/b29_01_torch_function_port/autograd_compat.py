"""A thin port of ``torch.autograd.Function`` onto JAX's HiPrim.

Subclasses write ``forward(x)`` returning ``(y, saved)`` and ``backward(saved, g)``
returning one gradient per input, as they did in the PyTorch code base.
"""
import jax
from jax.experimental.hijax import HiPrim


class Function(HiPrim):
    name = "function"

    def __init__(self, *example_args):
        self.in_avals = tuple(jax.typeof(a) for a in example_args)
        self.out_aval = self.in_avals[0]
        self.params = {}
        super().__init__()

    @classmethod
    def apply(cls, *args):
        return cls(*args)(*args)

    # subclasses override these two, torch style
    def forward(self, *args):
        raise NotImplementedError

    def backward(self, saved, grad_output):
        raise NotImplementedError

    # HiPrim plumbing
    def expand(self, *args):
        y, _ = self.forward(*args)
        return y

    def vjp_fwd(self, nzs_in, *args):
        return self.forward(*args)

    def vjp_bwd(self, saved, grad_output, *accums):
        grads = self.backward(saved, grad_output)
        if not isinstance(grads, tuple):
            grads = (grads,)
        for acc, g in zip(accums, grads):
            if g is not None:
                acc.accum(g)
        return grads
