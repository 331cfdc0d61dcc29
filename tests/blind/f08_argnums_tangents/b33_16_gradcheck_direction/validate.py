"""Pre-fit sanity checks for the oscillator model (run in CI before calibration)."""
from functools import partial

import jax.numpy as jnp

from oscillator import displacement, residuals
from tools import check_directional


def main():
    observed = displacement({"k": jnp.array(4.0), "c": jnp.array(0.3)})
    params = {"k": jnp.array(3.0), "c": jnp.array(0.2)}
    err = check_directional(partial(residuals, observed=observed), params)
    print(f"max linearization error {err:.2e}")
    return err


if __name__ == "__main__":
    main()
