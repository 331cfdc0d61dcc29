"""Fit equalizer taps and gain so a measured speaker response matches a flat target."""
import jax
import jax.numpy as jnp

from dsp import equalize

N_TAPS = 9


def speaker(signal):
    # measured speaker: a resonant smear plus a level drop
    return 0.7 * jnp.convolve(signal, jnp.array([0.2, 1.0, 0.45, -0.1]), mode="same")


def loss(stage, signal):
    target = signal[N_TAPS - 1:]
    out = equalize(speaker(signal), stage)
    return jnp.mean((out - target) ** 2)


@jax.jit
def update(stage, signal, lr=0.05):
    value, grads = jax.value_and_grad(loss)(stage, signal)
    stage = jax.tree.map(lambda p, d: p - lr * d, stage, grads)
    return stage, value


def train(n_steps=60):
    signal = jax.random.normal(jax.random.PRNGKey(3), (512,))
    taps = jnp.zeros(N_TAPS).at[N_TAPS // 2].set(1.0)
    stage = (taps, jnp.array(1.0))
    for _ in range(n_steps):
        stage, value = update(stage, signal)
    return stage, value


def main():
    stage, value = train()
    print("loss", float(value), "gain", float(stage[1]))


if __name__ == "__main__":
    main()
