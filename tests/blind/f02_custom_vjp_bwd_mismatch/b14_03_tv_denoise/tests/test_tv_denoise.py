import jax

from denoise import denoise, step_signal


def test_denoise_short():
    u = denoise(step_signal(jax.random.key(0)), iters=3)
    assert u.shape == (120,)
