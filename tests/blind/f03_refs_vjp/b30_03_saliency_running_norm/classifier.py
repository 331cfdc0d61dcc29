"""Small tabular classifier with a running feature normaliser kept in a Ref."""
import jax
import jax.numpy as jnp


class RunningNorm:
    """Feature-wise running mean/variance, updated in place between batches."""

    def __init__(self, features, momentum=0.9):
        self.momentum = momentum
        self.stats = jax.new_ref(jnp.stack([jnp.zeros(features), jnp.ones(features)]))

    def update(self, x):
        mean, var = self.stats[...]
        m = self.momentum
        self.stats[...] = jnp.stack([
            m * mean + (1 - m) * jnp.mean(x, axis=0),
            m * var + (1 - m) * jnp.var(x, axis=0),
        ])


def normalize(x, stats):
    mean, var = stats[0], stats[1]
    return (x - mean) * jax.lax.rsqrt(var + 1e-5)


def init(key, features=6, classes=3):
    k1, k2 = jax.random.split(key)
    return {
        "w": jax.random.normal(k1, (features, classes)) * 0.3,
        "b": jnp.zeros((classes,)),
    }


def logits(params, x, stats):
    return normalize(x, stats) @ params["w"] + params["b"]


def class_score(params, x, stats, target=0):
    return jax.nn.log_softmax(logits(params, x, stats))[..., target]
