import jax

import fit


def test_recovers_elimination_rate():
    dose, t, obs = fit.study(fit.CONFIG, jax.random.key(11))
    _, ke, _ = fit.fit(fit.CONFIG, dose, t, obs)
    assert abs(ke - 0.15) < 0.05
