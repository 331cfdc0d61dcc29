"""A one-hidden-layer mask estimator over magnitude frames, and its training loss."""
import jax
import jax.numpy as jnp


def init_params(key, n_bins, hidden=32):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (n_bins, hidden)) / jnp.sqrt(n_bins),
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, n_bins)) / jnp.sqrt(hidden),
        "b2": jnp.zeros(n_bins),
    }


def estimate_mask(params, mix_mag):
    h = jnp.tanh(mix_mag @ params["w1"] + params["b1"])
    return jax.nn.sigmoid(h @ params["w2"] + params["b2"])


def separation_loss(params, batch):
    """Returns (loss, aux) with the mean signal-to-distortion ratio as aux."""
    mask = estimate_mask(params, batch["mix"])
    voice = mask * batch["mix"]
    err = jnp.mean((voice - batch["voice"]) ** 2)
    sdr = 10.0 * jnp.log10(jnp.sum(batch["voice"] ** 2) / (jnp.sum((voice - batch["voice"]) ** 2) + 1e-8))
    return err, {"sdr_db": sdr}
