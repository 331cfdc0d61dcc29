"""Newton step on the log-partition function (needs the Hessian)."""

import jax
import jax.numpy as jnp

from ops import logsumexp


def free_energy(theta, feats):
    return logsumexp(feats @ theta) - 0.1 * jnp.sum(theta)


def main():
    feats = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    theta = jnp.array([0.1, -0.2])
    h = jax.jacrev(jax.jacrev(free_energy))(theta, feats)
    g = jax.grad(free_energy)(theta, feats)
    step = jnp.linalg.solve(h + 1e-3 * jnp.eye(2), g)
    print(step)
    return step


if __name__ == "__main__":
    main()
