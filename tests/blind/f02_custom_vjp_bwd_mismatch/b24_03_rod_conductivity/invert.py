"""Recover the conductivity profile of a composite rod from thermocouple readings."""
import jax
import jax.numpy as jnp

from diffusion import simulate

N_CELLS = 24
N_STEPS = 15
SENSORS = jnp.arange(1, N_CELLS, 3)


def true_conductivity():
    faces = jnp.arange(N_CELLS - 1)
    return jnp.where(faces < 11, 0.02, 0.005)


def initial_temperature():
    x = jnp.linspace(0.0, 1.0, N_CELLS)
    return jnp.exp(-((x - 0.3) / 0.1) ** 2)


def misfit(log_kappa, u0, readings):
    pred = simulate(jnp.exp(log_kappa), u0, N_STEPS)[:, SENSORS]
    return 0.5 * jnp.sum((pred - readings) ** 2)


def invert(readings, u0, iters=30, lr=2.0):
    log_kappa = jnp.full(N_CELLS - 1, jnp.log(0.01))
    value_and_grad = jax.jit(jax.value_and_grad(misfit))
    for _ in range(iters):
        loss, g = value_and_grad(log_kappa, u0, readings)
        log_kappa = log_kappa - lr * g
    return log_kappa, loss


def main():
    u0 = initial_temperature()
    readings = simulate(true_conductivity(), u0, N_STEPS)[:, SENSORS]
    log_kappa, loss = invert(readings, u0)
    print("misfit", loss, "kappa", jnp.exp(log_kappa)[::4])


if __name__ == "__main__":
    main()
