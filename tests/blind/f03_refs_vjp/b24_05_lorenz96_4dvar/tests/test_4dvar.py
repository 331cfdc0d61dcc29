import jax.numpy as jnp

import assimilate


def test_analysis_beats_background():
    truth0, background, obs = assimilate.twin_experiment(seed=3)
    x0, _ = assimilate.analyse(background, obs)
    assert jnp.mean((x0 - truth0) ** 2) < jnp.mean((background - truth0) ** 2)
