import jax
import jax.numpy as jnp

from sensors.calib import initial_params, mse
from sensors.data import load

LEARNING_RATES = {"offset": 1e2, "gain": 1e-8, "curvature": 1e-14, "bias": 1e-2}


@jax.jit
def step(params, raw, ref):
    loss, grads = jax.value_and_grad(mse)(params, raw, ref)
    return {k: params[k] - LEARNING_RATES[k] * grads[k] for k in params}, loss


def calibrate(steps=300):
    raw, ref = load()
    raw, ref = jnp.asarray(raw), jnp.asarray(ref)
    params = initial_params(raw, ref)
    for _ in range(steps):
        params, loss = step(params, raw, ref)
    return params, loss


def main():
    params, loss = calibrate()
    print({k: round(float(v), 6) for k, v in params.items()}, "rmse", float(jnp.sqrt(loss)))


if __name__ == "__main__":
    main()
