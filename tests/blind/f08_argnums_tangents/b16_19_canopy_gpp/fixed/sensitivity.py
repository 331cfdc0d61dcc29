"""Season-weighted sensitivity of canopy GPP to the light-use parameters."""
import jax
import jax.numpy as jnp

from canopy import gpp
from season import growing_season_weights


def daily_par(doy):
    return 25.0 + 20.0 * jnp.sin(2 * jnp.pi * (doy - 80.0) / 365.0)   # mol/m2/day


def weighted_sensitivity(params, doy):
    par = daily_par(doy)
    out, f_vjp = jax.vjp(lambda p: gpp(p, par), params)
    seed = growing_season_weights(doy)[:, None] * jnp.ones_like(out)
    (grads,) = f_vjp(seed)
    return out, grads


def main():
    params = {"alpha": jnp.float32(0.05), "p_max": jnp.float32(1.2), "k_ext": jnp.float32(0.5)}
    doy = jnp.arange(1.0, 366.0)
    out, grads = weighted_sensitivity(params, doy)
    print("annual GPP", float(out.sum()), {k: float(v) for k, v in grads.items()})


if __name__ == "__main__":
    main()
