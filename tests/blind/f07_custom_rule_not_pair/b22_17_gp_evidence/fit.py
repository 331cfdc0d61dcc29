"""Type-II maximum likelihood for an RBF kernel on a soil-moisture transect."""

import jax
import jax.numpy as jnp

from evidence import gp_nll


def rbf_gram(hyper, x):
    ell, var, noise = jnp.exp(hyper["log_ell"]), jnp.exp(hyper["log_var"]), jnp.exp(hyper["log_noise"])
    sq = (x[:, None] - x[None, :]) ** 2
    return var * jnp.exp(-0.5 * sq / ell**2) + (noise + 1e-6) * jnp.eye(x.shape[0])


def objective(hyper, x, y):
    return gp_nll(rbf_gram(hyper, x), y)


@jax.jit
def step(hyper, x, y, lr=0.02):
    value, g = jax.value_and_grad(objective)(hyper, x, y)
    return jax.tree.map(lambda h, d: h - lr * d, hyper, g), value


def transect(key, n=40):
    x = jnp.linspace(0.0, 10.0, n)
    return x, jnp.sin(1.3 * x) + 0.1 * jax.random.normal(key, (n,))


def main(iters=100):
    x, y = transect(jax.random.key(0))
    hyper = {"log_ell": jnp.array(0.0), "log_var": jnp.array(0.0), "log_noise": jnp.array(-2.0)}
    for _ in range(iters):
        hyper, value = step(hyper, x, y)
    print("nll", value, {k: float(jnp.exp(v)) for k, v in hyper.items()})
    return value


if __name__ == "__main__":
    main()
