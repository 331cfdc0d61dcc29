"""Fit a shared Gompertz growth rate to caliper measurements of several xenografts."""
import jax
import jax.numpy as jnp
from jax import lax

from growth import gompertz_step

DT = 0.5


def trajectory(log_rate, v0, n_steps):
    rate = jnp.exp(log_rate)

    def step(v, _):
        v = gompertz_step(v, rate, DT)
        return v, v

    _, vs = lax.scan(step, v0, None, length=n_steps)
    return vs


def loss(log_rate, v0, observed):
    pred = trajectory(log_rate, v0, observed.shape[0])
    return jnp.mean((jnp.log(pred) - jnp.log(observed)) ** 2)


def main():
    v0 = jnp.array([50.0, 80.0, 120.0])
    observed = trajectory(jnp.log(0.08), v0, 20)
    log_rate = jnp.log(0.03)
    grad_fn = jax.jit(jax.value_and_grad(loss))
    for _ in range(30):
        value, g = grad_fn(log_rate, v0, observed)
        log_rate = log_rate - 2.0 * g
    print("rate", jnp.exp(log_rate), "loss", value)


if __name__ == "__main__":
    main()
