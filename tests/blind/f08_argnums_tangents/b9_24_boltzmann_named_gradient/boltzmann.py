"""Calibrate the temperature of a Boltzmann distribution over discrete energy levels."""
import functools

import jax
import jax.numpy as jnp

from autograd_tools import gradient_wrt


@gradient_wrt("log_temperature")
def boltzmann_nll(energies, counts, log_temperature):
    log_p = jax.nn.log_softmax(-energies / jnp.exp(log_temperature))
    return -jnp.sum(counts * log_p) / jnp.sum(counts)


def make_temperature_grad(energies, counts):
    return functools.partial(boltzmann_nll.grad, energies=energies, counts=counts)


def calibrate(energies, counts, lr=0.5, steps=25):
    grad_fn = make_temperature_grad(energies, counts)
    log_t = jnp.array(0.0)
    for _ in range(steps):
        log_t = log_t - lr * grad_fn(log_t)
    return jnp.exp(log_t)


def main():
    energies = jnp.array([0.0, 0.5, 1.0, 1.5, 2.0])
    counts = jnp.array([40.0, 25.0, 16.0, 10.0, 6.0])
    print("temperature", calibrate(energies, counts))


if __name__ == "__main__":
    main()
