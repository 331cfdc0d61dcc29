from diffusion import main


def test_denoiser_objective():
    assert main() < 1.5
