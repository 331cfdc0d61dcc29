"""Feature extraction and a logistic-regression probe for sleep-stage windows."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp

from features import autocorr, band_power


@dataclass(frozen=True)
class FeatureConfig:
    max_lag: int = 8
    n_bands: int = 4
    window: int = 128


CFG = FeatureConfig()


@partial(jax.jit, static_argnames="max_lag")
def featurize(windows, max_lag):
    per_channel = jax.vmap(jax.vmap(lambda ch: jnp.concatenate([autocorr(ch, max_lag), band_power(ch)])))
    feats = per_channel(windows)
    return feats.reshape(feats.shape[0], -1)


def probe_loss(w, feats, labels):
    logits = feats @ w
    return jnp.mean(jnp.logaddexp(0.0, logits) - labels * logits)


def main():
    key = jax.random.PRNGKey(0)
    windows = jax.random.normal(key, (16, 3, CFG.window))
    labels = (jnp.arange(16) % 2).astype(jnp.float32)
    feats = featurize(windows, CFG.max_lag)
    w = jnp.zeros(feats.shape[1])
    for _ in range(10):
        w = w - 0.5 * jax.grad(probe_loss)(w, feats, labels)
    print("probe weights", w[:4])


if __name__ == "__main__":
    main()
