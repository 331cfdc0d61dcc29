import train


def test_weights_move():
    assert float(train.main()[0]) > 0
