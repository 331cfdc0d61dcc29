import numpy as np
import jax.numpy as jnp

from estimate import estimate


def test_concentration_stays_positive():
    labels = np.array([0, 1, 1, 2, 2, 2])
    counts = jnp.array([[1.0, 2.0, 3.0], [0.0, 4.0, 2.0]])
    model, _ = estimate(counts, labels, steps=1)
    assert bool(jnp.all(model.concentration > 0))
