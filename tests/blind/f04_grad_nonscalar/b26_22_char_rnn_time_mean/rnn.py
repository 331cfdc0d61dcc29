"""A character-level Elman RNN unrolled with lax.scan (time-major)."""
import jax
import jax.numpy as jnp


def init(key, vocab, hidden):
    k1, k2, k3 = jax.random.split(key, 3)
    return {"wx": jax.random.normal(k1, (vocab, hidden)) * 0.1,
            "wh": jnp.eye(hidden) * 0.5 + jax.random.normal(k2, (hidden, hidden)) * 0.05,
            "bh": jnp.zeros(hidden),
            "wy": jax.random.normal(k3, (hidden, vocab)) * 0.1,
            "by": jnp.zeros(vocab)}


def step_loss(params, h, x_t, y_t):
    h = jnp.tanh(params["wx"][x_t] + h @ params["wh"] + params["bh"])
    logp = jax.nn.log_softmax(h @ params["wy"] + params["by"])
    return h, -jnp.take_along_axis(logp, y_t[:, None], axis=-1)[:, 0]


def sequence_loss(params, inputs, targets):
    """inputs, targets: (time, batch) int arrays; teacher forcing."""
    h0 = jnp.zeros((inputs.shape[1], params["wh"].shape[0]))
    _, losses = jax.lax.scan(lambda h, xy: step_loss(params, h, *xy), h0, (inputs, targets))
    return jnp.mean(losses, axis=0)
