import jax

from sharpness import init, top_eigenvalue


def test_sharpness_is_positive_at_init():
    lam = top_eigenvalue(init(jax.random.PRNGKey(0)), jax.random.PRNGKey(2), iters=5)
    assert lam > 0
