import jax
import jax.numpy as jnp

import train
from dynamics import vector_field


def test_matches_jacfwd():
    jac = train.main()
    assert jnp.allclose(jac, jax.jacfwd(vector_field)(jnp.array([10.0, 5.0])))
