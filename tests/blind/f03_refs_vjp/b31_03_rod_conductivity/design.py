"""Which cells of the rod matter most for the probe temperature?"""
import jax.numpy as jnp

from heat1d import Rod
from sensitivity import adjoint_sensitivities


def heater_profile(n, power=2.0e5):
    x = jnp.linspace(0.0, 1.0, n)
    return power * jnp.exp(-((x - 0.25) / 0.08) ** 2)


def main():
    rod = Rod()
    rod.update_conductivity(jnp.linspace(40.0, 55.0, rod.n + 1))
    q = heater_profile(rod.n)
    T_probe, (dT_dk, dT_dq) = adjoint_sensitivities(rod.probe_temperature, rod.k, q)
    top = jnp.argsort(-jnp.abs(dT_dq))[:3]
    print(f"probe T = {float(T_probe):.2f} K; most influential heater cells: {top}")
    print(f"max |dT/dk| = {float(jnp.max(jnp.abs(dT_dk))):.3e}")
    return T_probe, dT_dk, dT_dq


if __name__ == "__main__":
    main()
