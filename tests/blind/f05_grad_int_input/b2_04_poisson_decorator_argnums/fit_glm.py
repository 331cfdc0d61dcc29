import jax
import jax.numpy as jnp

from glm import log_likelihood, score


def ascend(beta, counts, design, iters, lr=0.01):
    for _ in range(iters):
        g_beta = score(beta, counts, design)[0]
        beta = beta + lr * g_beta
    return beta


def main(iters=50):
    design = jnp.stack([jnp.ones(8), jnp.linspace(-1.0, 1.0, 8)], axis=1)
    counts = jnp.array([1, 0, 2, 3, 2, 4, 6, 7])
    beta = ascend(jnp.zeros(2), counts, design, iters)
    print("beta", beta, "ll", float(log_likelihood(beta, counts, design)))
    return beta


if __name__ == "__main__":
    main()
