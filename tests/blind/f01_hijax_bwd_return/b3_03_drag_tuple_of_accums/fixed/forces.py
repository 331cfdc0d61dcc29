"""Quadratic air drag as a primitive with a hand-written backward pass."""
import jax
import jax.numpy as jnp

try:
    from jax.experimental.hijax import HiPrim
except ImportError:  # jax 0.10
    from jax.experimental.hijax import VJPHiPrimitive as HiPrim


class QuadraticDrag(HiPrim):
    """F = -c |v| v, differentiable in the drag coefficient c and the velocity v."""

    def __init__(self, c_aval, v_aval):
        self.in_avals = (c_aval, v_aval)
        self.out_aval = v_aval
        self.params = {}
        super().__init__()

    def expand(self, c, v):
        return -c * jnp.linalg.norm(v) * v

    def vjp_fwd(self, nzs_in, c, v):
        return self.expand(c, v), (c, v)

    def vjp_bwd(self, res, g, c_acc, v_acc):
        c, v = res
        speed = jnp.linalg.norm(v)
        ct_c = -speed * jnp.dot(g, v)
        ct_v = -c * (speed * g + jnp.dot(g, v) * v / speed)
        c_acc.accum(ct_c)
        v_acc.accum(ct_v)


def drag(c, v):
    return QuadraticDrag(jax.typeof(c), jax.typeof(v))(c, v)
