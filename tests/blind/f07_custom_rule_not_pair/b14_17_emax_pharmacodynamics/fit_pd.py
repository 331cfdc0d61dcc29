import jax
import jax.numpy as jnp

from pkpd.model import response, sse


def trial():
    times = jnp.linspace(0.25, 24.0, 20)
    truth = {"ec50": jnp.float32(1.5), "hill": jnp.float32(2.0)}
    return times, 100.0, response(truth, times, 100.0)


def fit(steps=200, lr=1e-3):
    times, dose, observed = trial()
    params = {"ec50": jnp.float32(1.0), "hill": jnp.float32(1.0)}
    grad_fn = jax.jit(jax.grad(sse))
    for _ in range(steps):
        g = grad_fn(params, times, dose, observed)
        params = jax.tree.map(lambda p, d: jnp.maximum(p - lr * d, 0.05), params, g)
    return params


def main():
    print({k: float(v) for k, v in fit().items()})


if __name__ == "__main__":
    main()
