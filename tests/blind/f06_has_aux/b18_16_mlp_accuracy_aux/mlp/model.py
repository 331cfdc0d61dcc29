"""A two-layer MLP classifier whose loss also reports accuracy."""
import jax
import jax.numpy as jnp


class MLP:
    def __init__(self, sizes, key):
        keys = jax.random.split(key, len(sizes) - 1)
        self.params = [
            {"w": jax.random.normal(k, (m, n)) / jnp.sqrt(m), "b": jnp.zeros(n)}
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])
        ]

    @staticmethod
    def apply(params, x):
        for layer in params[:-1]:
            x = jax.nn.relu(x @ layer["w"] + layer["b"])
        return x @ params[-1]["w"] + params[-1]["b"]

    @classmethod
    def loss(cls, params, x, labels):
        logits = cls.apply(params, x)
        nll = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))
        acc = jnp.mean(jnp.argmax(logits, axis=1) == labels)
        return nll, acc
