"""Stress factors for the crop model: Liebig's law of the minimum, smoothed."""
import jax
import jax.numpy as jnp

SHARPNESS = 20.0


@jax.custom_vjp
def liebig_min(water, nitrogen):
    """Smooth minimum of two stress factors in [0, 1]."""
    return -jax.nn.logsumexp(-SHARPNESS * jnp.stack([water, nitrogen]), axis=0) / SHARPNESS


def _liebig_fwd(water, nitrogen):
    w = jax.nn.softmax(-SHARPNESS * jnp.stack([water, nitrogen]), axis=0)
    return liebig_min(water, nitrogen), w


def _liebig_bwd(w, g):
    return g * w[0], g * w[1]


liebig_min.defvjp(_liebig_fwd, _liebig_bwd)


def water_stress(soil_moisture, wilting=0.12, field_capacity=0.32):
    return jnp.clip((soil_moisture - wilting) / (field_capacity - wilting), 0.0, 1.0)


def nitrogen_stress(n_avail, n_crit):
    return jnp.clip(n_avail / n_crit, 0.0, 1.0)
