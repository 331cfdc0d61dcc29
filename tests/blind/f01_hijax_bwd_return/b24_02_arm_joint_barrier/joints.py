"""Joint-limit barrier for a planar arm."""
import jax.numpy as jnp

from prims import ElementwisePenalty


class JointLimitBarrier(ElementwisePenalty):
    """Log barrier -mu * log((q - lo) * (hi - q)) keeping each joint inside its range."""

    def value(self, q):
        return -self.mu * (jnp.log(q - self.lo) + jnp.log(self.hi - q))

    def slope(self, q):
        return -self.mu * (1.0 / (q - self.lo) - 1.0 / (self.hi - q))

    def backward_logs(self):
        return {"joint_range": self.hi - self.lo}


def joint_barrier(q, lo=-2.6, hi=2.6, mu=1e-3):
    return JointLimitBarrier.apply(q, lo=lo, hi=hi, mu=mu).sum()
