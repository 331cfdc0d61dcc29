"""Landweber iterations for deconvolution, using the adjoint of the forward model."""

import jax
import jax.numpy as jnp

from optics import forward_model


def deconvolve(measured, iters=30, step=1.0):
    estimate = jnp.zeros_like(measured)
    adjoint = jax.linear_transpose(forward_model, estimate)
    for _ in range(iters):
        residual = measured - forward_model(estimate)
        (update,) = adjoint(residual)
        estimate = estimate + step * update
    return estimate


def main():
    truth = jnp.zeros(32).at[10].set(1.0).at[20].set(0.5)
    measured = forward_model(truth)
    est = deconvolve(measured)
    peak = int(jnp.argmax(est))
    print("recovered peak at", peak)
    return peak


if __name__ == "__main__":
    main()
