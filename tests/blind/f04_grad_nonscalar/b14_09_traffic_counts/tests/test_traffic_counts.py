import jax

from counts_main import hourly_data
from glm import CONFIG, train


def test_train_short():
    x, counts = hourly_data(jax.random.key(1), n=50)
    (w, b), losses = train(x, counts, dict(CONFIG, epochs=2))
    assert w.shape == (4,)
