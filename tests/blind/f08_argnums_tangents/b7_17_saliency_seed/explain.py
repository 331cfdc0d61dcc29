"""Explains a small regression net's predictions feature by feature."""

import jax
import jax.numpy as jnp

from saliency import saliency

CFG = {"batch_size": 16, "n_features": 5, "hidden": 8, "absolute": True}


def init(key, cfg):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (cfg["n_features"], cfg["hidden"])) * 0.5,
        "w2": jax.random.normal(k2, (cfg["hidden"], 1)) * 0.5,
    }


def score(params, x):
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


def main(cfg=CFG):
    kp, kx = jax.random.split(jax.random.key(5))
    params = init(kp, cfg)
    x = jax.random.normal(kx, (cfg["batch_size"], cfg["n_features"]))
    scores, dx = saliency(lambda inp: score(params, inp), x, cfg)
    ranking = jnp.argsort(-dx.mean(axis=0))
    print("feature ranking", ranking)
    return dx


if __name__ == "__main__":
    main()
