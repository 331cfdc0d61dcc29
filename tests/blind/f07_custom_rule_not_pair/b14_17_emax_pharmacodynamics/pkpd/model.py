"""One-compartment oral PK driving a sigmoid Emax response (e.g. heart-rate reduction)."""
import jax.numpy as jnp

from pkpd.effect import emax_effect


def concentration(times, dose, ka=1.2, ke=0.25, volume=30.0):
    return dose * ka / (volume * (ka - ke)) * (jnp.exp(-ke * times) - jnp.exp(-ka * times))


def response(pd_params, times, dose, e_max=25.0):
    conc = concentration(times, dose) + 1e-4
    return e_max * emax_effect(conc, pd_params["ec50"], pd_params["hill"])


def sse(pd_params, times, dose, observed):
    return jnp.sum((response(pd_params, times, dose) - observed) ** 2)
