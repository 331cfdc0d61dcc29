"""Per-band gain stage with a hand-written backward pass (keeps memory flat on device)."""
import jax
import jax.numpy as jnp

from dsp_utils import energy_per_band


def make_band_gain(bands):
    """Returns apply(band_energy[frames, bands], log_gain[bands]) -> compressed loudness."""

    @jax.custom_vjp
    def apply(energy, log_gain):
        return jnp.log1p(energy * jnp.exp(log_gain))

    def fwd(energy, log_gain):
        scaled = energy * jnp.exp(log_gain)
        return jnp.log1p(scaled), (energy, log_gain, scaled)

    def bwd(res, g):
        energy, log_gain, scaled = res
        d = g / (1.0 + scaled)
        g_energy = d * jnp.exp(log_gain)
        g_log_gain = energy_per_band(d * scaled)
        return g_energy, g_log_gain

    apply.defvjp(fwd, bwd)
    return apply
