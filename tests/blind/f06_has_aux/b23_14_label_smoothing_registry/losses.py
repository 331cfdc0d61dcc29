"""Classification losses. Each returns (loss, metrics)."""
import jax
import jax.numpy as jnp

REGISTRY = {}


def loss(name):
    def deco(fn):
        REGISTRY[name] = fn
        return fn
    return deco


def _accuracy(logits, labels):
    return jnp.mean(jnp.argmax(logits, -1) == labels)


@loss("cross_entropy")
def cross_entropy(logits, labels):
    logp = jax.nn.log_softmax(logits)
    value = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
    return value, {"accuracy": _accuracy(logits, labels)}


@loss("label_smoothing")
def label_smoothing(logits, labels, alpha=0.1):
    k = logits.shape[-1]
    target = jax.nn.one_hot(labels, k) * (1.0 - alpha) + alpha / k
    value = -jnp.mean(jnp.sum(target * jax.nn.log_softmax(logits), axis=-1))
    return value
