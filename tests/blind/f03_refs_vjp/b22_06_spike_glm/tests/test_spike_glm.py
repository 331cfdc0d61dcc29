from config import FitConfig
from glm import fit


def test_likelihood_improves():
    history = fit(FitConfig(steps=10))
    assert history[-1] < history[0]
