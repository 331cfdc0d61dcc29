import jax

from fit_neurons import fit, recording


def test_fit_two_steps():
    stimulus, raster = recording(jax.random.key(0))
    baseline, gain = fit(stimulus, raster, steps=2)
    assert baseline.shape == gain.shape == (8,)
