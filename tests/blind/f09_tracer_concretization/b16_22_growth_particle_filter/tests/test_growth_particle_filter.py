import jax

from filter import bootstrap_filter
from model import simulate


def test_filter_runs():
    xs, ys = simulate(jax.random.PRNGKey(0), n_steps=5)
    means, loglik = bootstrap_filter(jax.random.PRNGKey(1), ys, n_particles=50)
    assert means.shape == (5,)
