import jax
import jax.numpy as jnp

from qat import MLP
from train import spirals, step


def test_qat_step_runs():
    x, y = spirals(jax.random.PRNGKey(2), n=20)
    model = MLP.init(jax.random.PRNGKey(3), [2, 8, 2])
    _, loss = step(model, x, y)
    assert jnp.isfinite(loss)
