"""Classification losses. Each returns (loss, stats) for the training logs."""
import jax
import jax.numpy as jnp


def logistic(logits, labels):
    loss = jnp.mean(jax.nn.softplus(logits) - labels * logits)
    return loss, {"pos_rate": jnp.mean(logits > 0)}


def focal(logits, labels, gamma=2.0):
    p = jax.nn.sigmoid(logits)
    p_t = labels * p + (1 - labels) * (1 - p)
    ce = jax.nn.softplus(logits) - labels * logits
    loss = jnp.mean((1 - p_t) ** gamma * ce)
    return loss, {"pos_rate": jnp.mean(logits > 0)}


LOSSES = {
    "logistic": logistic,
    "focal": focal,
    "hinge": lambda logits, labels: (
        jnp.mean(jax.nn.relu(1.0 - (2.0 * labels - 1.0) * logits)),
        {"pos_rate": jnp.mean(logits > 0)},
    ),
}
