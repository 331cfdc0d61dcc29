"""Move the interior nodes of a mesh towards the front by gradient descent."""

import jax
import jax.numpy as jnp

from error import interpolation_error
from mesh import Mesh1D, MeshConfig


@jax.jit
def relax(mesh, lr=50.0):
    value, g = jax.value_and_grad(interpolation_error)(mesh)
    step = g.nodes.at[0].set(0.0).at[-1].set(0.0)
    step = jnp.clip(lr * step, -0.2, 0.2)
    return Mesh1D(mesh.nodes - step, mesh.cfg), value


def main(iters=100):
    mesh = Mesh1D.uniform(MeshConfig())
    first = None
    for _ in range(iters):
        mesh, value = relax(mesh)
        first = value if first is None else first
    print("error estimate", first, "->", value)
    return first, value


if __name__ == "__main__":
    main()
