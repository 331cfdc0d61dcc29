"""Online calibration: one gradient step per incoming batch of readings."""
import jax
import jax.numpy as jnp

from telemetry.model import misfit
from telemetry.store import ArrayConfig, ParamStore


def batches(key, cfg, n_batches):
    true_gain = jnp.linspace(0.8, 1.2, cfg.n_channels)
    true_offset = jnp.linspace(-0.5, 0.5, cfg.n_channels)
    for k in jax.random.split(key, n_batches):
        raw = jax.random.uniform(k, (32, cfg.n_channels), minval=0.0, maxval=5.0)
        yield raw, raw * true_gain + true_offset


def online_step(store, raw, reference, lr):
    loss, f_vjp = jax.vjp(misfit, store.params, raw, reference)
    f_vjp.with_refs(store.grads, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
    store.apply_grads(lr)
    return loss


def run(n_batches=50):
    cfg = ArrayConfig()
    store = ParamStore(cfg)
    loss = None
    for raw, reference in batches(jax.random.key(0), cfg, n_batches):
        loss = online_step(store, raw, reference, cfg.learning_rate * 0.1)
    return store.snapshot(), loss


def main():
    params, loss = run()
    print("gain", params["gain"], "loss", float(loss))


if __name__ == "__main__":
    main()
