"""Assembly of the chain's stiffness matrix and load vector."""
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class Chain:
    n_nodes: int = 12
    stiffness: float = 50.0
    anchor: float = 100.0


def assemble(chain):
    n = chain.n_nodes
    k = chain.stiffness
    main = jnp.full(n, 2 * k).at[0].add(chain.anchor)
    off = jnp.full(n - 1, -k)
    return jnp.diag(main) + jnp.diag(off, 1) + jnp.diag(off, -1)


def gravity_loads(chain, mass=0.2, g=9.81):
    loads = -mass * g * jnp.ones(chain.n_nodes)
    return loads.reshape(-1, 1)
