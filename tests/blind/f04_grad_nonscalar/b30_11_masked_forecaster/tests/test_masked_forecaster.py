import jax
import jax.numpy as jnp

from forecaster import init, train_step
from run import make_data


def test_train_step_gives_scalar_loss():
    series, mask = make_data(jax.random.PRNGKey(3), n=4, t=12)
    params = init(jax.random.PRNGKey(4))
    _, loss = train_step(params, series, mask)
    assert loss.shape == ()
