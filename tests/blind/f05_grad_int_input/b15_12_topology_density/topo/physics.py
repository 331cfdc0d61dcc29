"""A SIMP-penalised thermal compliance surrogate on the density grid."""
import jax.numpy as jnp


def conductivity(rho, k_solid=1.0, k_void=1e-3, penal=3.0):
    return k_void + (k_solid - k_void) * rho**penal


def thermal_compliance(rho, heat_load):
    k = conductivity(rho)
    # series resistance along x, parallel rows along y
    row_resistance = jnp.sum(1.0 / k, axis=0)
    return jnp.sum(heat_load**2 * row_resistance)


class TopologyProblem:
    def __init__(self, heat_load, volume_fraction, penalty_weight=50.0):
        self.heat_load = heat_load
        self.volume_fraction = volume_fraction
        self.penalty_weight = penalty_weight

    def objective(self, rho):
        excess = jnp.mean(rho) - self.volume_fraction
        return thermal_compliance(rho, self.heat_load) + self.penalty_weight * excess**2
