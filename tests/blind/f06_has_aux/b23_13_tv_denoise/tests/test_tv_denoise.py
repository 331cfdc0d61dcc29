from denoise import main
from energy import tv


def test_denoising_lowers_tv():
    u, noisy = main()
    assert tv(u) < tv(noisy)
