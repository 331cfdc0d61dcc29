from probit import dose_response, fit


def test_fit_finds_increasing_response():
    w, _ = fit(*dose_response(), steps=5)
    assert w[1, 0] > 0
