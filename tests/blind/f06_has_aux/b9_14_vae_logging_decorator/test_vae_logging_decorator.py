import jax

from train import init, train_step


def test_train_step_reports_kl():
    x = jax.random.normal(jax.random.key(1), (8, 4))
    _, loss, metrics = train_step(init(jax.random.key(0)), x, jax.random.key(2))
    assert metrics["kl"] >= 0
