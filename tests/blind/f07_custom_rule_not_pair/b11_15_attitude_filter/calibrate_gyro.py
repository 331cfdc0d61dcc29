"""Estimate a constant gyro bias from star-tracker reference attitudes."""

import jax
import jax.numpy as jnp

from attitude.propagate import attitude_error, propagate

DT = 0.05


def reference(n=200):
    t = jnp.arange(n) * DT
    gyro_true = jnp.stack([0.2 * jnp.sin(t), 0.1 * jnp.cos(0.5 * t), 0.05 * jnp.ones(n)], axis=1)
    bias_true = jnp.array([0.01, -0.02, 0.015])
    q0 = jnp.array([1.0, 0.0, 0.0, 0.0])
    q_ref = propagate(jnp.zeros(3), q0, gyro_true, DT)
    return q0, gyro_true + bias_true, q_ref


def calibrate(iters=30, lr=0.2):
    q0, gyro, q_ref = reference()
    bias = jnp.zeros(3)
    grad_fn = jax.jit(jax.grad(attitude_error), static_argnums=3)
    for _ in range(iters):
        bias = bias - lr * grad_fn(bias, q0, gyro, DT, q_ref)
    return bias


def main():
    print("estimated bias", calibrate())


if __name__ == "__main__":
    main()
