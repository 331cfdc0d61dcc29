import jax
import jax.numpy as jnp

import classifier
from explain import explain_batch


def test_importance_has_one_entry_per_feature():
    params = classifier.init(jax.random.PRNGKey(3))
    norm = classifier.RunningNorm(6)
    x = jax.random.normal(jax.random.PRNGKey(4), (10, 6))
    importance = explain_batch(params, norm, x)
    assert importance.shape == (6,)
    assert jnp.all(jnp.isfinite(importance))
