"""Train the mask estimator on synthetic harmonic voice + noise mixtures."""
import jax
import jax.numpy as jnp

from separation.masknet import init_params, separation_loss
from separation.update import adam, make_update

N_BINS = 64


def make_batch(key, n=32):
    kf, kn = jax.random.split(key)
    f0 = jax.random.randint(kf, (n, 1), 3, 9)
    bins = jnp.arange(N_BINS)[None, :]
    voice = jnp.where(bins % f0 == 0, 1.0, 0.0) / (1.0 + 0.05 * bins)
    noise = 0.3 * jnp.abs(jax.random.normal(kn, (n, N_BINS)))
    return {"mix": voice + noise, "voice": voice}


def train(n_steps=150):
    key = jax.random.PRNGKey(0)
    params = init_params(key, N_BINS)
    optimizer = adam(1e-2)
    opt_state = optimizer.init(params)
    update = make_update(separation_loss, optimizer)
    history = []
    for i in range(n_steps):
        params, opt_state, metrics = update(params, opt_state, make_batch(jax.random.PRNGKey(i)))
        history.append(float(metrics["sdr_db"]))
    return params, history


def main():
    _, history = train()
    print("SDR dB", history[0], "->", history[-1])


if __name__ == "__main__":
    main()
