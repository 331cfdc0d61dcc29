import jax

import fit_glm


def test_fit_shapes():
    x, counts = fit_glm.simulate(jax.random.PRNGKey(0), n=50, d=3)
    coef = fit_glm.fit(x, counts, n_iter=3)
    assert coef.shape == (3,)
