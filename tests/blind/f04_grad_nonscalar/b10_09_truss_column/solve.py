"""Find the displacements by gradient descent on the potential energy."""
import jax
import jax.numpy as jnp

from truss.energy import potential
from truss.mesh import Chain, assemble, gravity_loads


def equilibrium(chain=Chain(), iters=200, lr=5e-3):
    stiffness = assemble(chain)
    loads = gravity_loads(chain)
    u = jnp.zeros_like(loads)
    force = jax.jit(jax.grad(potential))
    for _ in range(iters):
        u = u - lr * force(u, stiffness, loads)
    return u, stiffness, loads


def main():
    u, stiffness, loads = equilibrium()
    print("tip displacement", float(u[-1].squeeze()))


if __name__ == "__main__":
    main()
