import jax.numpy as jnp

from ratings_ord.train import Trainer


def test_ordinal_cutpoints():
    t = Trainer(3, 5)
    t.step(jnp.ones((4, 3)), jnp.array([0, 1, 2, 4]))
    assert t.params.cutpoints.shape == (4,)
