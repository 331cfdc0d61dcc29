"""Voltage-dependent gating functions (Boltzmann activation curves)."""
import jax
import jax.numpy as jnp

from channels.core import DiagnosticPrim


class BoltzmannGate(DiagnosticPrim):
    """Steady-state open probability 1 / (1 + exp((v_half - v) / slope))."""

    def expand(self, v):
        return jax.nn.sigmoid((v - self.v_half) / self.slope)

    def vjp_fwd(self, nzs_in, v):
        p = self.expand(v)
        return p, p

    def vjp_bwd(self, p, g, v_acc):
        ct = g * p * (1.0 - p) / self.slope
        v_acc.accum(ct)
        return self.summarize(open_fraction=jnp.mean(p), peak_ct=jnp.max(jnp.abs(ct)))


def open_probability(v, v_half=-40.0, slope=6.0):
    return BoltzmannGate(jax.typeof(v), v_half=v_half, slope=slope)(v)
