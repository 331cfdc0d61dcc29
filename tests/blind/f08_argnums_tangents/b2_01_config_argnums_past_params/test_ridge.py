import ridge


def test_weights_recovered_in_sign():
    w = ridge.main()
    assert float(w[0]) > 0.0 > float(w[1])
