from fir.design import design


def test_fir_power():
    assert design(n_taps=5, steps=1).shape == (5,)
