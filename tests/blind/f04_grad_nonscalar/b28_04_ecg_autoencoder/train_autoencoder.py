#!/usr/bin/env python
# coding: utf-8
# ECG beat autoencoder -- exported from train_autoencoder.ipynb

import argparse

import jax
import jax.numpy as jnp

from ecg_utils import anomaly_score, init_autoencoder, reconstruct, synthetic_beats

args = argparse.Namespace(n_beats=128, lr=0.05, epochs=30, hidden=8, seed=0)

beats = synthetic_beats(args.n_beats, seed=args.seed)
params = init_autoencoder(jax.random.PRNGKey(args.seed), hidden=args.hidden)
print("beats:", beats.shape)


def loss_fn(params, beats):
    recon = reconstruct(params, beats)
    return anomaly_score(beats, recon)


def sgd_step(params, beats):
    grads = jax.grad(loss_fn)(params, beats)
    return jax.tree_util.tree_map(lambda p, g: p - args.lr * g, params, grads)


def main():
    p = params
    for epoch in range(args.epochs):
        p = sgd_step(p, beats)
        if epoch % 10 == 0:
            print(epoch, float(jnp.mean(loss_fn(p, beats))))
    scores = anomaly_score(beats, reconstruct(p, beats))
    print("flagged beats:", int(jnp.sum(scores > 3 * jnp.median(scores))))
    return p


if __name__ == "__main__":
    main()
