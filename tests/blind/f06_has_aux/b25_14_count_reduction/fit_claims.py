"""Claim frequency per policy-year, fitted by gradient descent."""

import jax
import jax.numpy as jnp

from config import SETTINGS
from counts import PoissonGLM


def portfolio(key, n=500):
    kx, ke, ky = jax.random.split(key, 3)
    x = jax.random.normal(kx, (n, SETTINGS["features"]))
    exposure = jax.random.uniform(ke, (n,), minval=0.2, maxval=1.0)
    rate = jnp.exp(-2.0 + x @ jnp.array([0.3, -0.2, 0.1])) * exposure
    y = jax.random.poisson(ky, rate).astype(jnp.float32)
    return x, exposure, y


def fit(steps=None):
    opt = SETTINGS["optimizer"]
    model = PoissonGLM(SETTINGS["features"], reduction=SETTINGS["loss"]["reduction"])
    params = model.init()
    x, exposure, y = portfolio(jax.random.key(21))
    grad_fn = jax.jit(jax.grad(model.objective))
    for _ in range(steps or opt["steps"]):
        grads = grad_fn(params, x, exposure, y)
        params = jax.tree.map(lambda p, g: p - opt["lr"] * g, params, grads)
    return params


def main():
    params = fit()
    print("coef", params["coef"], "intercept", float(params["intercept"]))


if __name__ == "__main__":
    main()
