"""Input attributions (gradient times input) for a batch of examples."""

from functools import partial

import jax
import jax.numpy as jnp

from scorer import init, scores
from seeds import unit_seed


def attributions(params, x):
    out, pullback = jax.vjp(partial(scores, params), x)
    (dx,) = pullback(unit_seed(out))
    return dx.astype(jnp.float32) * x


def main():
    params = init(jax.random.key(0), 6, 8)
    x = jax.random.normal(jax.random.key(1), (5, 6))
    attr = attributions(params, x)
    print("attribution of feature 0 per example:", attr[:, 0])


if __name__ == "__main__":
    main()
