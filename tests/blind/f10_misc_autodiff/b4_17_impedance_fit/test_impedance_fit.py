import jax.numpy as jnp

from circuit import Randles, impedance, misfit
from eis import fit


def test_fit_improves_misfit():
    omega = jnp.logspace(0, 5, 10)
    z = impedance(Randles(jnp.log(10.0), jnp.log(100.0), jnp.log(2e-5)), omega)
    p = fit(omega, z, steps=5)
    assert float(jnp.real(misfit(p, omega, z))) < float(jnp.real(misfit(Randles(jnp.log(5.0), jnp.log(50.0), jnp.log(1e-4)), omega, z)))
