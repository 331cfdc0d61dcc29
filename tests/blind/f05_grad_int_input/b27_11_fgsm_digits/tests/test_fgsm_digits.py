import jax

from attacks import ATTACKS
from data import load_batch
from model import init


def test_fgsm_keeps_shape():
    images, labels = load_batch(seed=1, n=8)
    adv = ATTACKS["fgsm"](init(jax.random.key(1)), images, labels)
    assert adv.shape == images.shape
