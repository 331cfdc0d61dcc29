"""Accelerometer error model: per-axis scale, small misalignment angles, bias."""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class AccelCalibration:
    scale: jax.Array          # (3,)
    misalignment: jax.Array   # (3,) small angles, rad
    bias: jax.Array           # (3,) in sensor counts

    @classmethod
    def nominal(cls, counts_per_g=16384.0):
        return cls(
            scale=jnp.full((3,), 1.0 / counts_per_g),
            misalignment=jnp.zeros(3),
            bias=jnp.full((3,), 0.0),
        )

    def apply(self, raw):
        """Raw counts (n, 3) -> specific force in g."""
        a, b, c = self.misalignment
        t = jnp.array([[1.0, -a, b], [0.0, 1.0, -c], [0.0, 0.0, 1.0]])
        return ((raw - self.bias) * self.scale) @ t.T
