import jax

from train_gnn import init_params, loss


def test_gradients_have_param_shapes():
    params = init_params(jax.random.PRNGKey(0))
    g = jax.grad(loss)(params)
    assert g["w_msg"].shape == params["w_msg"].shape
