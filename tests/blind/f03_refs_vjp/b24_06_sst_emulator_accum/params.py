"""Parameters and gradient buffers of the linear SST emulator, held in Refs."""
import jax
import jax.numpy as jnp

N_FORCINGS = 6   # CO2, aerosol, solar, volcanic, ENSO index, AMO index
N_REGIONS = 4    # tropics, N. extratropics, S. extratropics, Arctic

GRAD_SHAPES = {
    "w": (N_REGIONS, N_FORCINGS),
    "b": (N_REGIONS,),
}


def init_params(key):
    w = 0.01 * jax.random.normal(key, (N_FORCINGS, N_REGIONS))
    return {"w": jax.new_ref(w), "b": jax.new_ref(jnp.zeros(N_REGIONS))}


def grad_buffers():
    return {name: jax.new_ref(jnp.zeros(shape)) for name, shape in GRAD_SHAPES.items()}


def reset(buffers):
    for ref in buffers.values():
        ref[...] = jnp.zeros_like(ref[...])
