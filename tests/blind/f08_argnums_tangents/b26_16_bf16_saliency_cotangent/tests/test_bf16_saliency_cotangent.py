from train import run


def test_bf16_saliency_cotangent():
    maps = run(steps=1)
    assert maps.shape == (8, 8, 8)
