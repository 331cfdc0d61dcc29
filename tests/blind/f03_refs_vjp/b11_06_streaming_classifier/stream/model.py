"""A two-layer MLP on normalised windows, and a normaliser updated from the stream."""

import jax
import jax.numpy as jnp


class RunningNormalizer:
    """Exponential moving mean and variance of the features, stored in one Ref."""

    def __init__(self, n_features, decay=0.9):
        self.decay = decay
        self.stats = jax.new_ref(jnp.stack([jnp.zeros(n_features), jnp.ones(n_features)]))

    def observe(self, x):
        mean, var = self.stats[...]
        m = self.decay * mean + (1 - self.decay) * x.mean(0)
        v = self.decay * var + (1 - self.decay) * x.var(0)
        self.stats[...] = jnp.stack([m, v])


def init_mlp(key, sizes):
    params = []
    for k, (a, b) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append((jax.random.normal(k, (a, b)) / jnp.sqrt(a), jnp.zeros(b)))
    return params


def logits(params, stats, x):
    mean, var = stats[...]
    h = (x - mean) / jnp.sqrt(var + 1e-5)
    for w, b in params[:-1]:
        h = jax.nn.gelu(h @ w + b)
    w, b = params[-1]
    return h @ w + b


def xent(params, stats, x, y):
    logp = jax.nn.log_softmax(logits(params, stats, x))
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))
