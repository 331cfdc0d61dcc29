"""Forward model of an infrared temperature sounder."""
import jax
import jax.numpy as jnp

from planck import dradiance_dtemp, radiance


@jax.custom_jvp
def layer_radiance(temp, wl):
    return radiance(temp, wl)


@layer_radiance.defjvp
def _layer_radiance_jvp(primals, tangents):
    temp, wl = primals
    t_dot, _ = tangents
    return radiance(temp, wl), dradiance_dtemp(temp, wl) * t_dot


def channel_radiances(temp, wl, weighting):
    """weighting (C, L): contribution of each layer to each channel."""
    b = layer_radiance(temp, wl)
    return jnp.sum(weighting * b.T, axis=1)
