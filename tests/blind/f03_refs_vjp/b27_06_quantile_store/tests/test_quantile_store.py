import jax

from online import make_batches, run


def test_online_updates():
    store = run(make_batches(jax.random.key(3), n_batches=2))
    assert store.updates == 2
