import jax.numpy as jnp

from reinforce import run


def test_policy_prefers_best_arm():
    probs = run(40)
    assert int(jnp.argmax(probs)) == 1
