import train


def test_rosenbrock_value_decreases():
    assert train.main(iters=200) < 4.0
