from train import main


def test_sharpness_positive():
    assert all(s > 0 for s in main(steps=11))
