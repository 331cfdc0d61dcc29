"""Calibrate the snow depth field so modelled balance matches stake readings."""

import jax
import jax.numpy as jnp

from glacier import MassBalanceConfig, surface_balance


def misfit(snow_depth, shortwave, accumulation, observed, cfg):
    modelled = surface_balance(snow_depth, shortwave, accumulation, cfg)
    return jnp.mean((modelled - observed) ** 2)


def calibrate(steps=5, lr=0.5):
    cfg = MassBalanceConfig()
    k1, k2 = jax.random.split(jax.random.key(7))
    shortwave = 180.0 + 40.0 * jax.random.uniform(k1, (24,))
    accumulation = jnp.full((24,), 0.004)
    observed = -0.6 + 0.05 * jax.random.normal(k2, (24,))
    depth = jnp.full((24,), 0.3)
    for _ in range(steps):
        loss, g = jax.value_and_grad(misfit)(depth, shortwave, accumulation, observed, cfg)
        depth = jnp.clip(depth - lr * g, 0.0, None)
    return depth, loss


def main():
    depth, loss = calibrate()
    print(f"misfit {float(loss):.5f}, mean depth {float(depth.mean()):.3f} m")


if __name__ == "__main__":
    main()
