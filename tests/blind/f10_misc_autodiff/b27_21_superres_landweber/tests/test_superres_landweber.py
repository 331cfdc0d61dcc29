from operators import blur_decimate
from reconstruct import landweber, striped_scene


def test_landweber_shape():
    measured = blur_decimate(striped_scene(16))
    assert landweber(measured, n_iters=3).shape == (16, 16)
