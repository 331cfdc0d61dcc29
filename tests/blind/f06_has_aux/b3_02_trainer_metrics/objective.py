"""Softmax classification loss with an L2 penalty, returning its parts."""
import jax
import jax.numpy as jnp


def logits_fn(params, x):
    return x @ params["w"] + params["b"]


def classification_loss(params, x, labels, l2=1e-3):
    logits = logits_fn(params, x)
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
    penalty = l2 * jnp.sum(params["w"] ** 2)
    accuracy = jnp.mean(jnp.argmax(logits, axis=1) == labels)
    return nll + penalty, {"nll": nll, "accuracy": accuracy}
