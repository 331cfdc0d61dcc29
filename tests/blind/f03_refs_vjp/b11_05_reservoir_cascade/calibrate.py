"""Calibrate the cascade against synthetic gauge records."""

import jax
import jax.numpy as jnp

from hydro.config import Catchment
from hydro.model import init_store, simulate
from hydro.optim import RefSGD


def synthetic(cfg):
    rain = jnp.maximum(jax.random.normal(jax.random.key(7), (cfg.n_days,)), 0.0) * 10.0
    truth = init_store(cfg, jax.random.key(99))
    return rain, simulate(truth, rain)


def calibrate(cfg=Catchment(), epochs=10):
    rain, observed = synthetic(cfg)
    opt = RefSGD(init_store(cfg, jax.random.key(0)), cfg)
    losses = [opt.step(rain, observed) for _ in range(epochs)]
    return jnp.stack(losses)


def main():
    losses = calibrate()
    print("misfit first/last", float(losses[0]), float(losses[-1]))


if __name__ == "__main__":
    main()
