from thermo import fit


def test_fit_reduces_misfit():
    series, value = fit(degree=3, steps=20)
    assert float(value) < 900.0
