import jax
import jax.numpy as jnp

from padding import pad_to


def padded_energy(signal, length):
    s = pad_to(signal, length)
    spectrum = jnp.abs(jnp.fft.rfft(s)) ** 2
    return jnp.sum(spectrum[1:])


def main():
    signal = jnp.sin(jnp.linspace(0, 6.0, 12))
    g = jax.jit(jax.grad(padded_energy), static_argnums=1)(signal, 16)
    print(g)
    return g


if __name__ == "__main__":
    main()
