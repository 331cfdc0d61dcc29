import jax.numpy as jnp

import pipeline


def test_feature_width():
    windows = jnp.ones((2, 3, 64))
    feats = pipeline.featurize(windows, 4)
    assert feats.shape == (2, 3 * (4 + pipeline.CFG.n_bands))
