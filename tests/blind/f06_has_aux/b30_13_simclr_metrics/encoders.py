"""A projection encoder and the two objectives that train it."""
import jax
import jax.numpy as jnp

from metrics import positive_margin, top1, with_metrics


def init(key, d_in=10, d_out=8):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d_in, 32)) / jnp.sqrt(d_in),
        "w2": jax.random.normal(k2, (32, d_out)) / jnp.sqrt(32.0),
    }


def embed(params, x):
    z = jax.nn.relu(x @ params["w1"]) @ params["w2"]
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


@with_metrics(top1)
def prototype_loss(params, x, prototypes):
    logits = embed(params, x) @ prototypes.T * 10.0
    return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(x.shape[0]), jnp.arange(x.shape[0])]), logits


@with_metrics(top1, positive_margin)
def nt_xent(params, view_a, view_b, temperature=0.2):
    za, zb = embed(params, view_a), embed(params, view_b)
    logits = za @ zb.T / temperature
    labels = jnp.arange(za.shape[0])
    loss_ab = -jnp.mean(jax.nn.log_softmax(logits, axis=-1)[labels, labels])
    loss_ba = -jnp.mean(jax.nn.log_softmax(logits.T, axis=-1)[labels, labels])
    return 0.5 * (loss_ab + loss_ba), logits
