import jax
import jax.numpy as jnp

from solvers import spd_solve


def compliance(stiffness_diag, load):
    k = jnp.diag(stiffness_diag) + 0.1 * jnp.ones((3, 3))
    u = spd_solve(k, load)
    return jnp.dot(load, u)


def main():
    load = jnp.array([1.0, 0.5, -0.2])
    g = jax.grad(compliance)(jnp.array([2.0, 3.0, 4.0]), load)
    print(g)
    return g


if __name__ == "__main__":
    main()
