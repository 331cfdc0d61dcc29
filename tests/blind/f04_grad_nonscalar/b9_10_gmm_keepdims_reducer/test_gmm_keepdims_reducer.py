import jax

from train import data, init, step


def test_step_returns_scalar_loss():
    _, loss = step(init(jax.random.key(0)), data(jax.random.key(1)))
    assert loss.shape == ()
