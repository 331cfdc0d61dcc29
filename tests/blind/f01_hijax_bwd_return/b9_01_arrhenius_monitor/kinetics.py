"""Arrhenius rate constants for a set of parallel first-order reactions."""
import jax.numpy as jnp

from rate_base import ElementwiseRate, apply

R_GAS = 8.314e-3  # kJ / (mol K)


class ArrheniusRate(ElementwiseRate):
    """k(Ea) = A exp(-Ea / (R T)) at a fixed temperature and prefactor."""

    def forward(self, ea):
        return self.prefactor * jnp.exp(-ea / (R_GAS * self.temperature))

    def local_grad(self, ea, k):
        return -k / (R_GAS * self.temperature)

    def report(self, ct):
        # Watch for exploding sensitivities on stiff mechanisms.
        return jnp.max(jnp.abs(ct))


def rate_constants(ea, temperature=350.0, prefactor=1.0e6):
    return apply(ArrheniusRate, ea, temperature=temperature, prefactor=prefactor)


def conversion(ea, t_final, temperature=350.0):
    k = rate_constants(ea, temperature)
    return 1.0 - jnp.exp(-k * t_final)
