import jax

from fit import fit, make_data


def test_fit_runs():
    X, y = make_data(jax.random.key(4), n=30)
    params, value = fit(X, y, steps=3)
    assert params["beta"].shape == (2,)
