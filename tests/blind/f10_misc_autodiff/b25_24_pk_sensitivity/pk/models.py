"""One-compartment pharmacokinetics with first-order oral absorption."""

from __future__ import annotations

import jax.numpy as jnp

from pk.registry import sensitivity_params


class OneCompartmentOral:
    def __init__(self, dose_mg: float, times_h):
        self.dose = dose_mg
        self.times = jnp.asarray(times_h)

    @sensitivity_params("ka", "ke", "volume")
    def concentration(self, ka, ke, volume):
        """Plasma concentration (mg/L) at ``self.times`` (Bateman function)."""
        t = self.times
        return self.dose * ka / (volume * (ka - ke)) * (jnp.exp(-ke * t) - jnp.exp(-ka * t))
