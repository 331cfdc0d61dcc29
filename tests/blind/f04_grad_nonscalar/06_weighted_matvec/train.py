import jax
import jax.numpy as jnp

from losses import weighted_mse


def linear(params, x):
    return x @ params["w"] + params["b"]


def objective(params, x, y, weights):
    return weighted_mse(linear(params, x), y, weights)


def main():
    x = jnp.linspace(0, 1, 12).reshape(12, 1)
    y = 3.0 * x - 1.0
    weights = jnp.linspace(1.0, 2.0, 12)
    params = {"w": jnp.zeros((1, 1)), "b": jnp.zeros((1,))}
    for _ in range(40):
        grads = jax.grad(objective)(params, x, y, weights)
        params = {k: params[k] - 0.5 * grads[k] for k in params}
    print(params)
    return params


if __name__ == "__main__":
    main()
