"""One-compartment oral-dose pharmacokinetics with a hand-written adjoint."""
import jax
import jax.numpy as jnp

import sensitivities as sens


@jax.custom_vjp
def concentration(dose, k_el, times):
    """C[p, t] = dose[p] * exp(-k_el[p] * times[t]) for every patient p."""
    return dose[:, None] * jnp.exp(-k_el[:, None] * times[None, :])


def _concentration_fwd(dose, k_el, times):
    decay = jnp.exp(-k_el[:, None] * times[None, :])
    return dose[:, None] * decay, (dose, k_el, times, decay)


def _concentration_bwd(res, g):
    dose, k_el, times, decay = res
    g_dose = sens.per_patient(g * decay)
    g_k = sens.per_patient(-g * dose[:, None] * decay * times[None, :])
    g_times = sens.per_sample_time(-g * dose[:, None] * decay * k_el[:, None])
    return g_dose, g_k, g_times


concentration.defvjp(_concentration_fwd, _concentration_bwd)
