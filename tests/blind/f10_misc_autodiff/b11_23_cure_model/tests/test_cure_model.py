import jax

from fit_cure import fit


def test_cure_fraction_is_a_probability():
    cure = float(jax.nn.sigmoid(fit(iters=2)["logit_cure"]))
    assert 0.0 < cure < 1.0
