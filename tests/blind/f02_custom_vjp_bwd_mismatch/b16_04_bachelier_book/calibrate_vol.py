"""Calibrate a per-option normal vol surface to quoted premiums."""
import jax
import jax.numpy as jnp

from pricing import make_pricer

STRIKES = jnp.array([95.0, 98.0, 100.0, 102.0, 105.0, 110.0])
EXPIRIES = jnp.array([0.25, 0.25, 0.5, 0.5, 1.0, 1.0])


def premium_error(sigma, forward, pricer, quotes):
    return jnp.sum((pricer(forward, sigma) - quotes) ** 2)


def calibrate(n_steps=200, lr=0.02):
    pricer = make_pricer(STRIKES, EXPIRIES)
    forward = jnp.float32(100.0)
    quotes = pricer(forward, jnp.full(6, 7.5))
    sigma = jnp.full(6, 5.0)
    grad_fn = jax.grad(premium_error)
    for _ in range(n_steps):
        sigma = sigma - lr * grad_fn(sigma, forward, pricer, quotes)
    return sigma


def main():
    print("calibrated normal vols:", calibrate())


if __name__ == "__main__":
    main()
