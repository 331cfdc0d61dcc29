"""Linear softmax classifier and its cross-entropy loss."""
import jax
import jax.numpy as jnp

from classifier.regularizers import with_l2


def logits(params, x):
    return x @ params["w"] + params["b"]


@with_l2(1e-3)
def cross_entropy(params, x, labels):
    logp = jax.nn.log_softmax(logits(params, x))
    loss = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
    accuracy = jnp.mean(jnp.argmax(logp, axis=1) == labels)
    return loss, {"accuracy": accuracy}
