"""Binary cross-entropy with L2, plus accuracy for the logs."""
import jax
import jax.numpy as jnp


def objective(params, counts, labels, l2=1e-4):
    z = counts @ params["w"] + params["b"]
    loss = jnp.mean(jax.nn.softplus(z) - labels * z) + l2 * jnp.sum(params["w"] ** 2)
    accuracy = jnp.mean((z > 0) == (labels > 0.5))
    # One array per step keeps the metrics log cheap to append to.
    return loss, jnp.stack([loss, accuracy])
