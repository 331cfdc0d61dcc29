"""Learns a blur kernel from pairs of sharp and blurred signals."""

import jax
import jax.numpy as jnp

from spectral import apply_filter, transfer_function

SETUP = {"n": 128, "kernel_size": 9, "pairs": 4, "lr": 0.5, "iters": 30}


def reconstruction_loss(kernel, sharp, blurred):
    H = transfer_function(kernel, sharp.shape[-1])
    pred = apply_filter(sharp, H)
    return jnp.mean((pred - blurred) ** 2)


def make_pairs(setup, key):
    t = jnp.arange(setup["kernel_size"]) - setup["kernel_size"] // 2
    true_kernel = jnp.exp(-0.5 * (t / 1.5) ** 2)
    true_kernel = true_kernel / true_kernel.sum()
    sharp = jnp.sign(jax.random.normal(key, (setup["pairs"], setup["n"])))
    H = transfer_function(true_kernel, setup["n"])
    blurred = jax.vmap(lambda s: apply_filter(s, H).real)(sharp)
    return sharp, blurred


def fit(setup=SETUP):
    sharp, blurred = make_pairs(setup, jax.random.key(0))
    kernel = jnp.zeros(setup["kernel_size"]).at[setup["kernel_size"] // 2].set(1.0)
    grad = jax.jit(jax.grad(reconstruction_loss))
    for _ in range(setup["iters"]):
        kernel = kernel - setup["lr"] * grad(kernel, sharp, blurred)
    loss = float(reconstruction_loss(kernel, sharp, blurred).real)
    print("loss", loss)
    return loss


def main():
    return fit()


if __name__ == "__main__":
    main()
