"""Train the emulator on micro-batches, accumulating gradients in Refs."""
import jax
import jax.numpy as jnp

from emulator import loss
from params import N_FORCINGS, N_REGIONS, grad_buffers, init_params, reset

MICRO_BATCHES = 4
BATCH = 32


def synthetic_years(key, n):
    k1, k2, k3 = jax.random.split(key, 3)
    true_w = jax.random.normal(k1, (N_FORCINGS, N_REGIONS))
    forcings = jax.random.normal(k2, (n, N_FORCINGS))
    sst = forcings @ true_w + 0.1 * jax.random.normal(k3, (n, N_REGIONS))
    return forcings, sst


def accumulate(params, grads, forcings, sst):
    value, f_vjp = jax.vjp(loss, params["w"], params["b"], forcings, sst)
    f_vjp.with_refs(grads["w"], grads["b"], jax.ad.DontWant(), jax.ad.DontWant())(
        jnp.ones_like(value))
    return value


def train(epochs=30, lr=0.1, seed=0):
    params = init_params(jax.random.key(seed))
    grads = grad_buffers()
    forcings, sst = synthetic_years(jax.random.key(seed + 1), MICRO_BATCHES * BATCH)
    for _ in range(epochs):
        total = 0.0
        for k in range(MICRO_BATCHES):
            sl = slice(k * BATCH, (k + 1) * BATCH)
            total += accumulate(params, grads, forcings[sl], sst[sl])
        for name in params:
            params[name][...] -= lr * grads[name][...] / MICRO_BATCHES
        reset(grads)
    return params, total / MICRO_BATCHES


def main():
    _, final = train()
    print("final mean loss %.4f" % final)


if __name__ == "__main__":
    main()
