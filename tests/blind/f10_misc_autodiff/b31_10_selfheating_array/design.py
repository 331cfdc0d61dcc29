"""Choose drive voltages so every element runs near its rated temperature."""
import jax
import jax.numpy as jnp

from thermal import N, steady_temperatures

T_RATED = 85.0


def temperature_misfit(volts, r0, tcr):
    T = steady_temperatures({"volts": volts, "r0": r0, "tcr": tcr})
    return jnp.mean((T - T_RATED) ** 2)


def main(steps=40, lr=2e-3):
    r0 = jnp.linspace(90.0, 110.0, N)
    tcr = jnp.full((N,), 3.9e-3)
    volts = jnp.full((N,), 3.0)
    grad_fn = jax.jit(jax.value_and_grad(temperature_misfit))
    for _ in range(steps):
        loss, g = grad_fn(volts, r0, tcr)
        volts = volts - lr * g
    print(f"misfit {float(loss):.3f} K^2, volts {volts}")
    return loss


if __name__ == "__main__":
    main()
