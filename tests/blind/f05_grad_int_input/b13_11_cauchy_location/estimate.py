import jax
import jax.numpy as jnp

from mle.cauchy import log_likelihood
from mle.search import coarse_search

SAMPLE = jnp.array([-4.2, 1.9, 2.4, 2.6, 3.1, 9.8, 2.2, -0.7])


def mle_location(x, iters=50, lr=0.05):
    objective = lambda loc: log_likelihood(loc, x)
    score = jax.grad(objective)
    loc = coarse_search(objective, x.min(), x.max())
    for _ in range(iters):
        loc = loc + lr * score(loc)
    return loc


def main():
    loc = mle_location(SAMPLE)
    print(f"MLE of the location: {float(loc):.4f}")
    return loc


if __name__ == "__main__":
    main()
