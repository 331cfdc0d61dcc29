import jax.numpy as jnp

import run_sampler
from count_field import PoissonRandomWalk


def test_short_chain():
    model = PoissonRandomWalk.simulate(n=20, seed=3)
    samples, accepted = run_sampler.sample_posterior(model, n_samples=20)
    assert samples.shape == (20, 20)
    assert jnp.all(jnp.isfinite(samples))
