import jax
import jax.numpy as jnp

from energy_fit import CFG, loss_and_grad
from gnn import init


def test_loss_and_grad_on_a_triangle():
    params = init(jax.random.PRNGKey(2), 3, CFG)
    graph = (jnp.ones((3, 3)), jnp.array([0, 1, 2]), jnp.array([1, 2, 0]))
    value, grads = loss_and_grad(params, graph, 0.0, CFG)
    assert grads["embed"].shape == (3, 8)
