from explain import main


def test_latent_saliency():
    assert main(dim=0).shape == (10, 8, 8)
