"""Big-leaf-by-layers canopy photosynthesis driven by daily light."""
import jax.numpy as jnp

N_LAYERS = 5


def layer_light(par, k_ext, lai=4.0):
    """Absorbed PAR per canopy layer (Beer-Lambert through cumulative leaf area)."""
    depth = (jnp.arange(N_LAYERS) + 0.5) * lai / N_LAYERS
    return par[:, None] * k_ext * jnp.exp(-k_ext * depth)[None, :]


def gpp(params, par):
    """Gross primary production per day and layer: (n_days, N_LAYERS)."""
    alpha, p_max, k_ext = params["alpha"], params["p_max"], params["k_ext"]
    light = layer_light(par, k_ext)
    return p_max * (1.0 - jnp.exp(-alpha * light / p_max))
