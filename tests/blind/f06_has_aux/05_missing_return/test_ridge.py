import train


def test_weight_learned():
    assert float(train.main()["w"][0]) > 1.0
