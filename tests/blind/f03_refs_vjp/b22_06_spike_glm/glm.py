"""Poisson GLM of spike counts from stimulus features, fit by accumulated gradients."""

import jax
import jax.numpy as jnp

from accumulate import GradAccumulator
from config import FitConfig


def neg_log_likelihood(weights, batch):
    features, counts = batch
    log_rate = features @ weights["w"][...] + weights["bias"][...]
    return jnp.mean(jnp.exp(log_rate) - counts * log_rate)


def simulate(key, cfg, n_trials=64):
    k1, k2, k3 = jax.random.split(key, 3)
    true_w = 0.4 * jax.random.normal(k1, (cfg.n_features, cfg.n_neurons))
    features = jax.random.normal(k2, (n_trials, cfg.n_features))
    counts = jax.random.poisson(k3, jnp.exp(features @ true_w + 0.5)).astype(jnp.float32)
    return features, counts


def fit(cfg):
    features, counts = simulate(jax.random.key(0), cfg)
    weights = {
        "w": jax.new_ref(jnp.zeros((cfg.n_features, cfg.n_neurons))),
        "bias": jax.new_ref(jnp.zeros((cfg.n_neurons,))),
    }
    acc = GradAccumulator(weights, cfg)
    micro = list(zip(jnp.split(features, cfg.n_micro), jnp.split(counts, cfg.n_micro)))
    history = []
    for _ in range(cfg.steps):
        acc.reset()
        history.append(acc.accumulate(neg_log_likelihood, weights, micro))
        for name, g in acc.mean_grads().items():
            weights[name][...] = weights[name][...] - cfg.lr * g
    return history


def main():
    history = fit(FitConfig())
    print("nll", history[0], "->", history[-1])
    return history


if __name__ == "__main__":
    main()
