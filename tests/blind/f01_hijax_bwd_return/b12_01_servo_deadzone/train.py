"""Identify a feed-forward gain so that a servo with a deadzone tracks a reference."""
import functools

import jax
import jax.numpy as jnp

from servo import deadzone

WIDTH = 0.15


def plant_response(gain, reference):
    command = gain[0] * reference + gain[1] * jnp.sign(reference)
    return deadzone(command, WIDTH)


def tracking_loss(gain, reference):
    return jnp.mean((plant_response(gain, reference) - reference) ** 2)


@functools.partial(jax.jit, static_argnames=("lr",))
def step(gain, reference, lr=0.2):
    loss, g = jax.value_and_grad(tracking_loss)(gain, reference)
    return gain - lr * g, loss


def fit(n_steps=50):
    t = jnp.linspace(0.0, 2.0 * jnp.pi, 64)
    reference = 0.8 * jnp.sin(t)
    gain = jnp.array([0.5, 0.0])
    for _ in range(n_steps):
        gain, loss = step(gain, reference)
    return gain, loss


def main():
    gain, loss = fit()
    print("gain", gain, "loss", float(loss))


if __name__ == "__main__":
    main()
