"""Kelly-style allocation by gradient ascent on expected log growth."""
import jax
import jax.numpy as jnp

from portfolio.utility import expected_log_growth, weights


def scenarios(n=500, seed=0):
    mean = jnp.array([0.05, 0.02, 0.08, 0.0])
    vol = jnp.array([0.2, 0.05, 0.35, 0.01])
    return mean + vol * jax.random.normal(jax.random.key(seed), (n, 4))


def optimize(steps=100, lr=1.0):
    r = scenarios()
    logits = jnp.zeros(r.shape[1])
    ascent = jax.jit(jax.grad(expected_log_growth))
    for _ in range(steps):
        logits = logits + lr * ascent(logits, r)
    return weights(logits)


def main():
    print("weights", optimize())


if __name__ == "__main__":
    main()
