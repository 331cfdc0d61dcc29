"""Projected gradient descent on the material density of a heat-sink plate."""
import jax
import jax.numpy as jnp

from topo.domain import Domain, design_mask, initial_density
from topo.physics import TopologyProblem


def optimise(n_iter=80, lr=0.02):
    domain = Domain(nx=24, ny=16)
    mask = design_mask(domain)
    heat_load = jnp.linspace(0.5, 1.5, domain.ny)
    problem = TopologyProblem(heat_load, volume_fraction=0.4)
    value_and_grad = jax.jit(jax.value_and_grad(problem.objective))
    rho = initial_density(domain)
    for _ in range(n_iter):
        value, g = value_and_grad(rho)
        rho = jnp.where(mask, jnp.clip(rho - lr * g / (1e-9 + jnp.max(jnp.abs(g))), 0.05, 1.0), 0.0)
    return rho, value


def main():
    rho, value = optimise()
    print("volume", float(jnp.mean(rho)), "objective", float(value))


if __name__ == "__main__":
    main()
