import jax
import jax.numpy as jnp

from pkg.npz import loss

STATIONS = jnp.array([0.2, 0.5, 1.1, 2.3, 4.0, 7.5, 11.0, 16.0])
GROWTH = jnp.array([0.05, 0.14, 0.31, 0.52, 0.70, 0.86, 0.93, 0.97])


@jax.jit
def step(params, lr=0.1):
    value, grads = jax.value_and_grad(loss)(params, STATIONS, GROWTH)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, value


def fit(steps=200):
    params = {"log_vmax": jnp.array(0.0), "log_k": jnp.array(0.5), "mortality": jnp.array(0.0)}
    for _ in range(steps):
        params, value = step(params)
    return params, value


def main():
    params, value = fit()
    print("vmax", float(jnp.exp(params["log_vmax"])), "k", float(jnp.exp(params["log_k"])), "mse", float(value))


if __name__ == "__main__":
    main()
