"""Thiem drawdown of a well field, as a pytree so rates and transmissivity can be fitted."""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["rates", "log_transmissivity"], meta_fields=["xy"])
@dataclasses.dataclass
class WellField:
    rates: jax.Array                 # (n_wells,) m^3/day
    log_transmissivity: jax.Array    # () log m^2/day
    xy: tuple                        # well coordinates, static

    @classmethod
    def from_table(cls, table, transmissivity=250.0):
        rates = jnp.array([w["rate"] for w in table], dtype=jnp.float32)
        xy = tuple((w["x"], w["y"]) for w in table)
        return cls(rates, jnp.log(jnp.asarray(transmissivity)), xy)

    def drawdown(self, points, radius_of_influence=2000.0):
        wells = jnp.asarray(self.xy)
        r = jnp.linalg.norm(points[:, None, :] - wells[None, :, :], axis=-1) + 0.1
        T = jnp.exp(self.log_transmissivity)
        return jnp.sum(self.rates / (2.0 * jnp.pi * T) * jnp.log(radius_of_influence / r), axis=1)
