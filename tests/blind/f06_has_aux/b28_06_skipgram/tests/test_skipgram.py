import jax

from skipgram import CONFIG, init_params
from train_w2v import corpus, make_batches, train_step


def test_single_step_runs():
    params = init_params(jax.random.PRNGKey(1), CONFIG)
    batch = next(make_batches(corpus))
    _, loss, _ = train_step(params, *batch)
    assert loss > 0
