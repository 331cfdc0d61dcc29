"""Adjoint sensitivity of end-of-century warming and sea level to the model parameters."""
import jax
import jax.numpy as jnp

from climate import run
from targets import end_of_century_weights

PARAMS = {"lam": 1.2, "gamma": 0.7, "c": 8.0, "c_deep": 100.0, "eps": 0.002}


def rcp_like_forcing(n_years=100):
    years = jnp.arange(n_years, dtype=jnp.float32)
    return 0.5 + 4.0 * (1.0 - jnp.exp(-years / 60.0))


def main():
    forcing = rcp_like_forcing()
    params = {k: jnp.float32(v) for k, v in PARAMS.items()}
    outlook, pullback = jax.vjp(lambda p: run(p, forcing), params)
    seed = end_of_century_weights(forcing.shape[0])
    (grads,) = pullback(seed)
    print({k: round(float(v), 4) for k, v in grads.items()})
    return grads


if __name__ == "__main__":
    main()
