import jax

from cluster import sgd_step, synthetic_events
from mixture import DiagGaussianMixture


def test_one_step():
    events = synthetic_events(jax.random.key(2), n=50)
    model, value = sgd_step(DiagGaussianMixture.init(jax.random.key(3), 3, 3), events)
    assert value.shape == ()
