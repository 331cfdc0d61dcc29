import jax.numpy as jnp

import relax


def test_loaded_node_moves_down():
    pos = relax.equilibrium(jnp.full(relax.BONDS.shape[0], 10.0), iters=500)
    assert pos[5, 1] < relax.NODES[5, 1]
