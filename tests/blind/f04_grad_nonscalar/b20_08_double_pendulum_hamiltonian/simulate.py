"""Energy drift of a double pendulum released from rest at large angles."""
import jax.numpy as jnp

from integrators import rollout
from mechanics import Pendulum


def main(n_steps=2000):
    pend = Pendulum()
    q0 = jnp.array([2.0, 2.4])
    p0 = jnp.zeros(2)
    qs, ps = rollout(pend.hamiltonian, q0, p0, dt=1e-3, n_steps=n_steps)
    e0 = pend.hamiltonian(q0, p0)
    drift = float(jnp.max(jnp.abs(jnp.array([pend.hamiltonian(q, p) for q, p in zip(qs[::100], ps[::100])]) - e0)))
    print(f"max energy drift over {n_steps} steps: {drift:.2e}")
    return drift


if __name__ == "__main__":
    main()
