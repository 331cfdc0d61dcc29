import denoise


def test_filter_reduces_noise():
    assert denoise.main(iters=20) < 0.09
