import jax

from ecg.explain import saliency
from ecg.net import init
from report import synthetic_beats


def test_saliency_has_the_batch_shape():
    beats = synthetic_beats(jax.random.key(3), n=2)
    assert saliency(init(jax.random.key(0)), beats, "pvc").shape == beats.shape
