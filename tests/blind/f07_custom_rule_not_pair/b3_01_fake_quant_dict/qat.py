"""Quantization-aware training of a linear layer with a learned scale."""
import jax
import jax.numpy as jnp

from quant import fake_quant


def predict(params, x):
    w = fake_quant(params["w"], params["w_scale"])
    return x @ w


def loss(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@jax.jit
def sgd_step(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    return {k: params[k] - 0.05 * grads[k] for k in params}


def main():
    kx, kw = jax.random.split(jax.random.PRNGKey(0))
    x = jax.random.normal(kx, (128, 6))
    true_w = jax.random.normal(kw, (6, 1))
    y = x @ true_w
    params = {"w": jnp.zeros((6, 1)), "w_scale": jnp.array(0.05)}
    for _ in range(50):
        params = sgd_step(params, x, y)
    final = float(loss(params, x, y))
    print("final loss", final)
    return final


if __name__ == "__main__":
    main()
