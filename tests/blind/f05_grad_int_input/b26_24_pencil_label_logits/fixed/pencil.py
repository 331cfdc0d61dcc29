"""PENCIL (Yi & Wu, 2019): learn per-example label distributions alongside the network."""
import jax
import jax.numpy as jnp

K = 10.0


def init_label_logits(noisy_labels, num_classes):
    """Label logits start at K times the one-hot of the (noisy) given label."""
    return K * (noisy_labels[:, None] == jnp.arange(num_classes))


def pencil_loss(logits, label_logits, noisy_labels, alpha=0.1, beta=0.4):
    p = jax.nn.softmax(logits)
    log_p = jax.nn.log_softmax(logits)
    y_d = jax.nn.softmax(label_logits)
    l_c = jnp.mean(jnp.sum(p * (log_p - jnp.log(y_d + 1e-8)), axis=-1))
    l_o = -jnp.mean(jnp.take_along_axis(jnp.log(y_d + 1e-8), noisy_labels[:, None], axis=1))
    l_e = -jnp.mean(jnp.sum(p * log_p, axis=-1))
    return l_c + alpha * l_o + beta * l_e
