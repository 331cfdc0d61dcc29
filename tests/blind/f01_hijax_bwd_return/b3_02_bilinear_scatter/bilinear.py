"""Matrix-factorisation scores as one primitive with a hand-written backward pass."""
import jax
import jax.numpy as jnp

try:
    from jax.experimental.hijax import HiPrim
except ImportError:  # jax 0.10
    from jax.experimental.hijax import VJPHiPrimitive as HiPrim


class Bilinear(HiPrim):
    def __init__(self, users_aval, items_aval):
        self.in_avals = (users_aval, items_aval)
        out_shape = (users_aval.shape[0], items_aval.shape[0])
        self.out_aval = jax.typeof(jnp.zeros(out_shape, users_aval.dtype))
        self.params = {}
        super().__init__()

    def expand(self, users, items):
        return users @ items.T

    def vjp_fwd(self, nzs_in, users, items):
        return self.expand(users, items), (users, items)

    def vjp_bwd(self, res, g, users_acc, items_acc):
        users, items = res
        return self._scatter((users_acc, items_acc), (g @ items, g.T @ users))

    def _scatter(self, accs, cts):
        for acc, ct in zip(accs, cts):
            acc.accum(ct)
        return cts


def scores(users, items):
    return Bilinear(jax.typeof(users), jax.typeof(items))(users, items)
