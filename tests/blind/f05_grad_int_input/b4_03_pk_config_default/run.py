"""Gradient of the fit error with respect to the PK parameters."""

import jax.numpy as jnp

from config import PKConfig
from pk import concentration, params_from_config, sensitivity


def main():
    cfg = PKConfig()
    truth = {"k_abs": jnp.asarray(0.8), "k_el": jnp.asarray(0.25), "volume": jnp.asarray(28.0)}
    observed = concentration(truth, cfg.dose, cfg.dt, cfg.n_steps)
    grads = sensitivity(cfg, observed)
    print({k: float(v) for k, v in grads.items()})


if __name__ == "__main__":
    main()
