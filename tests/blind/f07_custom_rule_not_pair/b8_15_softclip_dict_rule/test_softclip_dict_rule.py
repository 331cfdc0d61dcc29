import jax
import jax.numpy as jnp

from rnn import loss


def test_gradient_of_recurrent_loss():
    params = {"w_rec": jnp.eye(3) * 0.5, "w_in": jnp.ones((2, 3)), "w_out": jnp.ones((3, 1))}
    g = jax.grad(loss)(params, jnp.ones((4, 2)), jnp.zeros((4, 1)))
    assert g["w_rec"].shape == (3, 3)
