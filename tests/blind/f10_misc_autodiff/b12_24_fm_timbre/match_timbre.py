"""Recover the FM index and its decay from a recorded note."""
import jax
import jax.numpy as jnp

from synth.fm import Voice, render
from synth.spectral import log_spectral_distance


def loss(params, target, ratio=2.0):
    voice = Voice(ratio, params["log_index"], params["log_decay"])
    return log_spectral_distance(render(voice), target)


def match(n_steps=60, lr=0.05):
    target = render(Voice(2.0, jnp.log(3.0), jnp.log(4.0)))
    params = {"log_index": jnp.log(2.0), "log_decay": jnp.log(3.0)}
    grad_fn = jax.jit(jax.value_and_grad(loss))
    history = []
    for _ in range(n_steps):
        value, g = grad_fn(params, target)
        params = jax.tree.map(lambda p, d: p - lr * d, params, g)
        history.append(float(value))
    return params, history


def main():
    params, history = match()
    print("distance", history[0], "->", history[-1],
          "index", float(jnp.exp(params["log_index"])))


if __name__ == "__main__":
    main()
