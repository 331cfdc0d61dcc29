"""Is the early outbreak locally amplifying? Check the step Jacobian's spectral radius."""

import jax
import jax.numpy as jnp

from epi import SIRParams, StochasticSIR, linear_response, spectral_radius


def main():
    sim = StochasticSIR(SIRParams())
    state = jnp.array([9990.0, 10.0, 0.0])
    key = jax.random.key(42)
    traj = sim.run(state, key, n_steps=40)
    jac, _ = linear_response(sim.step, traj[-1], key, aux=True)
    rho = spectral_radius(jac)
    print(f"infected after 10 days: {float(traj[-1, 1]):.1f}; step spectral radius {float(rho):.4f}")
    return rho


if __name__ == "__main__":
    main()
