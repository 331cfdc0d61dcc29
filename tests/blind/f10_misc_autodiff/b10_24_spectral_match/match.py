"""Recover harmonic amplitudes from a target tone."""
import jax
import jax.numpy as jnp

from synth.loss import spectral_loss
from synth.oscillator import Voice, render


def match(steps=20, lr=0.5):
    target = render(Voice(jnp.log(jnp.array([1.0, 0.5, 0.25, 0.125]))))
    log_amps = jnp.zeros(4)
    step = jax.jit(jax.value_and_grad(spectral_loss))
    for _ in range(steps):
        loss, g = step(log_amps, target)
        log_amps = log_amps - lr * g
    return log_amps, loss


def main():
    log_amps, loss = match()
    print("amplitudes", jnp.exp(log_amps), "loss", float(loss))


if __name__ == "__main__":
    main()
