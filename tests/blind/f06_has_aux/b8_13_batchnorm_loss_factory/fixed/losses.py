"""Loss factories: each returns loss(params, state, batch) for a given apply function."""
import jax
import jax.numpy as jnp


def make_classification_loss(apply_fn, *, label_smoothing=0.0):
    def loss(params, state, batch):
        x, labels = batch
        logits, new_state = apply_fn(params, state, x, train=True)
        n = logits.shape[-1]
        targets = jax.nn.one_hot(labels, n) * (1.0 - label_smoothing) + label_smoothing / n
        ce = -jnp.mean(jnp.sum(targets * jax.nn.log_softmax(logits), axis=-1))
        metrics = {"accuracy": jnp.mean(jnp.argmax(logits, -1) == labels), "ce": ce}
        return ce, (metrics, new_state)

    return loss
