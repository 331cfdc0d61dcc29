import jax

import fit


def test_km_recovered():
    _, km = fit.estimate(fit.assay(jax.random.key(9), km=60.0))
    assert abs(km - 60.0) < 8.0
