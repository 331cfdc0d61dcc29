"""Calibrate the exchange current density of a Ni electrode from a Tafel sweep."""
import jax
import jax.numpy as jnp

from kinetics import current_density_25c

OVERPOTENTIALS = jnp.linspace(-0.12, 0.12, 31)  # V


def log_i0_misfit(log_i0, eta, i_meas, current_density):
    i_model = current_density(eta, jnp.exp(log_i0))
    return jnp.mean((i_model - i_meas) ** 2) / jnp.mean(i_meas ** 2)


def calibrate(eta, i_meas, steps=150, lr=0.5):
    current_density = current_density_25c(alpha=0.45)
    grad_fn = jax.grad(log_i0_misfit)
    log_i0 = jnp.float32(jnp.log(1e-3))
    for _ in range(steps):
        log_i0 = log_i0 - lr * grad_fn(log_i0, eta, i_meas, current_density)
    return jnp.exp(log_i0)


def main():
    true_i0 = 2.5e-3  # A/cm^2
    current_density = current_density_25c(alpha=0.45)
    i_meas = current_density(OVERPOTENTIALS, jnp.float32(true_i0))
    i0 = calibrate(OVERPOTENTIALS, i_meas)
    print(f"i0 = {float(i0):.3e} A/cm^2 (true {true_i0:.1e})")
    return i0


if __name__ == "__main__":
    main()
