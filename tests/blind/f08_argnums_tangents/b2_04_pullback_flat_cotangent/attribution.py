"""Input attributions of the ensemble's mean prediction via a VJP."""

import jax
import jax.numpy as jnp

from ensemble import predict


def input_attribution(stacked_w, x):
    out, pullback = jax.vjp(lambda inp: predict(stacked_w, inp), x)
    weights = jnp.full(out.shape[:2], 1.0 / out.shape[1])
    (dx,) = pullback(weights)
    return dx * x


def main():
    x = jax.random.normal(jax.random.key(17), (5, 3))
    stacked_w = jnp.array([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]])
    attr = input_attribution(stacked_w, x)
    print("attributions\n", attr)
    return attr


if __name__ == "__main__":
    main()
