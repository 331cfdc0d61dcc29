"""Beat classifier for single-lead ECG windows, ported from a PyTorch notebook."""
import jax
import jax.numpy as jnp

from autograd_compat import Function


class Mish(Function):
    """x * tanh(softplus(x)), with the hand-derived gradient of the original repo."""

    name = "mish"

    def forward(self, x):
        sp = jax.nn.softplus(x)
        tsp = jnp.tanh(sp)
        return x * tsp, (x, tsp)

    def backward(self, saved, g):
        x, tsp = saved
        grad = tsp + x * (1.0 - tsp * tsp) * jax.nn.sigmoid(x)
        return g * grad


class BeatClassifier:
    def __init__(self, key, n_in=64, n_hidden=32, n_classes=3):
        k1, k2 = jax.random.split(key)
        self.params = {
            "fc1": {"weight": jax.random.normal(k1, (n_hidden, n_in)) / jnp.sqrt(n_in),
                    "bias": jnp.zeros(n_hidden)},
            "fc2": {"weight": jax.random.normal(k2, (n_classes, n_hidden)) / jnp.sqrt(n_hidden),
                    "bias": jnp.zeros(n_classes)},
        }

    @staticmethod
    def forward(params, x):
        h = x @ params["fc1"]["weight"].T + params["fc1"]["bias"]
        h = Mish.apply(h)
        return h @ params["fc2"]["weight"].T + params["fc2"]["bias"]


def cross_entropy(params, x, labels):
    logits = BeatClassifier.forward(params, x)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
