"""Fit the Randles circuit to an EIS sweep of a corroding steel electrode."""
import jax
import jax.numpy as jnp

from circuit import impedance
from objective import misfit

FREQS = jnp.logspace(-1, 5, 40)
TRUE = jnp.log(jnp.array([12.0, 250.0, 2e-5, 40.0]))


def sweep(key):
    z = impedance(TRUE, FREQS)
    k1, k2 = jax.random.split(key)
    noise = 0.01 * jnp.abs(z) * (jax.random.normal(k1, z.shape) + 1j * jax.random.normal(k2, z.shape))
    return z + noise


def fit(z_meas, iters=2000, lr=0.05):
    log_params = jnp.log(jnp.array([10.0, 100.0, 1e-5, 20.0]))
    step = jax.jit(jax.value_and_grad(misfit))
    for _ in range(iters):
        loss, g = step(log_params, FREQS, z_meas)
        log_params = log_params - lr * g
    return log_params, loss


def main():
    log_params, loss = fit(sweep(jax.random.key(0)))
    r_s, r_ct, c_dl, sigma = jnp.exp(log_params)
    print(f"misfit {loss:.4f}: Rs={r_s:.1f} ohm Rct={r_ct:.0f} ohm Cdl={c_dl * 1e6:.1f} uF sigma={sigma:.1f}")
    return log_params


if __name__ == "__main__":
    main()
