"""Push a configuration out of collision with Gauss-Newton steps on violated constraints."""
import jax.numpy as jnp

from reach.constraints import linearize_clearance
from reach.geometry import clearances

LENGTHS = jnp.array([0.4, 0.3, 0.2])
OBSTACLES = jnp.array([[0.5, 0.35], [0.2, 0.6]])
RADII = jnp.array([0.1, 0.08])


def repair(q, margin=0.05, n_iter=20):
    for _ in range(n_iter):
        g, J = linearize_clearance(q, LENGTHS, OBSTACLES, RADII)
        violation = jnp.minimum(g - margin, 0.0)
        q = q - jnp.linalg.pinv(J) @ violation
    return q


def main():
    q0 = jnp.array([0.6, 0.4, 0.2])
    q = repair(q0)
    print("clearance before", clearances(q0, LENGTHS, OBSTACLES, RADII),
          "after", clearances(q, LENGTHS, OBSTACLES, RADII))


if __name__ == "__main__":
    main()
