import train


def test_online_gradients():
    assert train.main()["w1"].shape == (4, 8)
