import jax

from config import PRIOR
from prior import init_prior
from train import fit, TRAIN


def test_fit_runs():
    TRAIN["steps"] = 2
    params = fit(init_prior(jax.random.PRNGKey(0), PRIOR), jax.random.PRNGKey(1))
    assert params["means"].shape == (3, 2)
