"""A character-level LSTM trained with gradient clipping on its recurrent state."""
import jax
import jax.numpy as jnp

from gradops import clip_gradient
from treeops import clip_by_global_norm

VOCAB = 16


def init(key, hidden=24):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "embed": jax.random.normal(k1, (VOCAB, hidden)) * 0.1,
        "lstm": jax.random.normal(k2, (2 * hidden, 4 * hidden)) / jnp.sqrt(2 * hidden),
        "bias": jnp.zeros(4 * hidden),
        "readout": jax.random.normal(k3, (hidden, VOCAB)) / jnp.sqrt(hidden),
    }


def lstm_step(params, state, token):
    x = params["embed"][token]
    z = jnp.concatenate([x, state["h"]], axis=-1) @ params["lstm"] + params["bias"]
    i, f, o, u = jnp.split(z, 4, axis=-1)
    c = jax.nn.sigmoid(f) * state["c"] + jax.nn.sigmoid(i) * jnp.tanh(u)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    state = clip_gradient({"h": h, "c": c}, 1.0)
    return state, h @ params["readout"]


def sequence_loss(params, tokens):
    batch, hidden = tokens.shape[0], params["readout"].shape[0]
    state = {"h": jnp.zeros((batch, hidden)), "c": jnp.zeros((batch, hidden))}
    step = lambda s, t: lstm_step(params, s, t)
    _, logits = jax.lax.scan(step, state, tokens[:, :-1].T)
    logp = jax.nn.log_softmax(logits, axis=-1)
    targets = tokens[:, 1:].T
    return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], axis=-1))


@jax.jit
def train_step(params, tokens, lr=0.5):
    loss, grads = jax.value_and_grad(sequence_loss)(params, tokens)
    grads, _ = clip_by_global_norm(grads, 5.0)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main():
    key = jax.random.PRNGKey(0)
    params = init(key)
    tokens = (jnp.arange(33)[None, :] * jnp.arange(1, 9)[:, None]) % VOCAB
    for _ in range(10):
        params, loss = train_step(params, tokens)
    print("loss", float(loss))


if __name__ == "__main__":
    main()
