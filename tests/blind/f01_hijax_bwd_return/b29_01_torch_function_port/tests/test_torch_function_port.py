import jax

import train
from ecg_net import BeatClassifier


def test_one_step_lowers_loss():
    x, y = train.synthetic_beats(jax.random.key(3))
    params = BeatClassifier(jax.random.key(4)).params
    _, loss0 = train.sgd_step(params, x, y)
    assert float(loss0) > 0
