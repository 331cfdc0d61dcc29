"""Fit Vmax and Km to one assay plate."""
import jax.numpy as jnp

from optim import make_update

SUBSTRATE = jnp.array([0.5, 1.0, 2.0, 5.0, 10.0, 20.0])
V_OBS = jnp.array([0.9, 1.55, 2.3, 3.2, 3.6, 3.9])


def fit(steps=40):
    update = make_update("michaelis_menten", lr=0.1)
    params = jnp.log(jnp.array([3.0, 2.0]))
    metrics = None
    for _ in range(steps):
        params, metrics = update(params, SUBSTRATE, V_OBS)
    return jnp.exp(params), metrics


def main():
    (vmax, km), metrics = fit()
    print(f"Vmax={vmax:.3f} Km={km:.3f} rmse={metrics['rmse']:.3f}")


if __name__ == "__main__":
    main()
