import jax.numpy as jnp

from ecm.config import SensitivityConfig
from ecm.sensitivity import voltage_sensitivities


def pulse_profile(n=300):
    t = jnp.arange(n)
    return jnp.where((t % 100) < 30, 5.0, 0.0)


def main():
    params = (jnp.float32(0.015), jnp.float32(0.01), jnp.float32(2000.0))
    sens = voltage_sensitivities(params, pulse_profile(), SensitivityConfig())
    print("peak |dV| per parameter:", jnp.max(jnp.abs(sens), axis=1))
    return sens


if __name__ == "__main__":
    main()
