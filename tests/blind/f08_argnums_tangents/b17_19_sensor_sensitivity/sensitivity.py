"""Sensitivity of weighted sensor readings to the calibration parameters, via jax.vjp."""
import jax
import jax.numpy as jnp

from network import ArrayConfig, predict, residual_weights


def parameter_sensitivity(params, exposure, cfg):
    readings, pullback = jax.vjp(lambda p: predict(p, exposure), params)
    seed = residual_weights(cfg)
    (sens,) = pullback(seed)
    return readings, sens


def main():
    cfg = ArrayConfig()
    key = jax.random.PRNGKey(0)
    params = {
        "gains": jax.random.uniform(key, (cfg.n_gases, cfg.n_sensors)),
        "drift": jnp.zeros(cfg.n_sensors),
    }
    exposure = jax.random.uniform(jax.random.PRNGKey(1), (cfg.n_samples, cfg.n_gases))
    readings, sens = parameter_sensitivity(params, exposure, cfg)
    print("gain sensitivity", sens["gains"].sum(), "drift sensitivity", sens["drift"])


if __name__ == "__main__":
    main()
