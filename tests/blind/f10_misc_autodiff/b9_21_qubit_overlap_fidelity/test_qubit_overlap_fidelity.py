import jax.numpy as jnp

from fidelity import infidelity, train


def test_training_improves_fidelity():
    p0 = jnp.array([[0.1, 0.2], [0.3, -0.1]])
    assert infidelity(train(p0, steps=3)) <= infidelity(p0)
