"""Aqueous carbonate equilibrium: residuals of mass balance, charge balance and the K's."""
import jax.numpy as jnp

# log10 equilibrium constants at 25 C
LOG_K1, LOG_K2, LOG_KW = -6.35, -10.33, -14.0


def residuals(log_c, total_carbon, sodium):
    """Unknowns log10 of [H+, OH-, H2CO3, HCO3-, CO3--]."""
    h, oh, h2co3, hco3, co3 = 10.0 ** log_c
    return jnp.stack([
        log_c[0] + log_c[1] - LOG_KW,
        log_c[0] + log_c[3] - log_c[2] - LOG_K1,
        log_c[0] + log_c[4] - log_c[3] - LOG_K2,
        (h2co3 + hco3 + co3) / total_carbon - 1.0,
        (h + sodium - oh - hco3 - 2.0 * co3) / total_carbon,
    ])
