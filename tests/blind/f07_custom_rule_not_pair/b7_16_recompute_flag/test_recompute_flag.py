import mlp


def test_fits_somewhat():
    assert mlp.main(steps=3) < 5.0
