"""Track the Hessian trace of a small MLP regressor during training."""
import jax
import jax.numpy as jnp

from curvature import hutchinson_trace


def init(key, sizes=(3, 16, 1)):
    params = []
    for k, (m, n) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append({"w": jax.random.normal(k, (m, n)) / jnp.sqrt(m), "b": jnp.zeros(n)})
    return params


def mse(params, batch):
    x, y = batch
    for layer in params[:-1]:
        x = jnp.tanh(x @ layer["w"] + layer["b"])
    pred = (x @ params[-1]["w"] + params[-1]["b"])[:, 0]
    return jnp.mean((pred - y) ** 2)


def main():
    key = jax.random.PRNGKey(0)
    params = init(key)
    x = jax.random.normal(jax.random.PRNGKey(1), (128, 3))
    y = jnp.sin(x[:, 0]) * x[:, 1]
    trace = hutchinson_trace(mse, params, jax.random.PRNGKey(2), (x, y))
    print("Hessian trace estimate", float(trace))


if __name__ == "__main__":
    main()
