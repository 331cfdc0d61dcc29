"""Gompertz tumour growth increment as a hijax primitive with an analytic backward pass."""
import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class GompertzStep(HiPrim):
    """volume -> volume * exp(rate * dt * log(capacity / volume)) for a fixed dt."""

    def __init__(self, v_aval, r_aval, dt):
        self.in_avals = (v_aval, r_aval)
        self.out_aval = v_aval
        self.params = dict(dt=dt, capacity=2000.0)
        super().__init__()

    def expand(self, v, rate):
        return v * jnp.exp(rate * self.dt * jnp.log(self.capacity / v))

    def vjp_fwd(self, nzs_in, v, rate):
        out = self(v, rate)
        return out, (v, rate, out)

    def vjp_bwd(self, res, g, v_acc, r_acc):
        v, rate, out = res
        log_ratio = jnp.log(self.capacity / v)
        d_v = out / v * (1.0 - rate * self.dt)
        d_r = out * self.dt * log_ratio
        v_acc.accum(g * d_v)
        r_acc.accum(jnp.sum(g * d_r))
        return None


def gompertz_step(v, rate, dt):
    return GompertzStep(jax.typeof(v), jax.typeof(rate), dt)(v, rate)
