"""Estimate a temperature from pressure readings at known molar volumes."""
import jax
import jax.numpy as jnp

from gas.eos import VanDerWaals


def misfit(t, volumes, pressures, gas):
    model = jax.vmap(lambda v: gas.pressure(t, v))(volumes)
    return jnp.mean((model - pressures) ** 2)


def main():
    gas = VanDerWaals()
    volumes = jnp.linspace(0.1, 1.0, 10)
    pressures = jax.vmap(lambda v: gas.pressure(320.0, v))(volumes)
    t = jnp.array(290.0)
    grad_fn = jax.jit(jax.grad(misfit), static_argnums=3)
    for _ in range(20):
        t = t - 10.0 * grad_fn(t, volumes, pressures, gas)
    print("temperature", t)


if __name__ == "__main__":
    main()
