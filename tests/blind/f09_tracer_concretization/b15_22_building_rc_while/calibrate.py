"""Calibrate the RC model against indoor temperatures logged overnight."""
import jax
import jax.numpy as jnp

from thermal.rc_model import indoor_after

LOG_HOURS = (2.0, 4.0, 6.0, 8.0)
TRUE = jnp.log(jnp.array([0.5, 2.0, 1.0, 20.0, 1.5]))


def misfit(log_params, observed):
    predicted = jnp.stack([indoor_after(log_params, h) for h in LOG_HOURS])
    return jnp.mean((predicted - observed) ** 2)


def calibrate(iters=40, lr=0.05):
    observed = jnp.stack([indoor_after(TRUE, h) for h in LOG_HOURS])
    log_params = jnp.log(jnp.array([1.0, 1.0, 1.0, 10.0, 1.0]))
    grad_fn = jax.jit(jax.grad(misfit))
    for _ in range(iters):
        log_params = log_params - lr * grad_fn(log_params, observed)
    return jnp.exp(log_params), misfit(log_params, observed)


def main():
    params, value = calibrate()
    print("R_ae, R_eo, C_air, C_env, Q =", params, "misfit", float(value))


if __name__ == "__main__":
    main()
