"""InfoNCE objective with logging-friendly outputs."""
import jax
import jax.numpy as jnp


def info_nce(z_a, z_b, temperature):
    z_a = z_a / jnp.linalg.norm(z_a, axis=-1, keepdims=True)
    z_b = z_b / jnp.linalg.norm(z_b, axis=-1, keepdims=True)
    logits = z_a @ z_b.T / temperature
    labels = jnp.arange(z_a.shape[0])
    logp = jax.nn.log_softmax(logits, axis=-1)
    loss = -jnp.mean(logp[labels, labels])
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    return loss, {"acc": acc, "logit_scale": 1.0 / temperature}
