import jax
import jax.numpy as jnp

from bow import BagOfWords


def test_one_step_is_finite():
    model = BagOfWords(vocab=20, dim=4, key=jax.random.PRNGKey(2))
    ids = jnp.array([[1, 2, 3], [4, 5, 6]])
    assert jnp.isfinite(model.step(ids, jnp.array([1.0, 0.0])))
