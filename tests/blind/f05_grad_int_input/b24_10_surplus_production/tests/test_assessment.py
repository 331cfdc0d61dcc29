import jax

import assess
from model import neg_log_likelihood
from params import initial_params


def test_fit_improves_likelihood():
    cpue = assess.survey_index(jax.random.key(8))
    before = neg_log_likelihood(initial_params(), assess.CATCHES, cpue)
    after = neg_log_likelihood(assess.fit(cpue, iters=200), assess.CATCHES, cpue)
    assert after < before
