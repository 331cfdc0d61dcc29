from denoise import main


def test_denoising_reduces_error():
    before, after = main(iters=20)
    assert after < before
