"""A Poisson regression of spike counts with a softplus link."""
import jax
import jax.numpy as jnp

from activations import softplus


def nll(w, x, counts):
    rate = softplus(x @ w) + 1e-6
    return jnp.mean(rate - counts * jnp.log(rate))


def fit(x, counts, lr=0.1, steps=30):
    w = jnp.zeros(x.shape[1])
    g = jax.jit(jax.grad(nll))
    for _ in range(steps):
        w = w - lr * g(w, x, counts)
    return w


def main():
    key = jax.random.key(0)
    x = jax.random.normal(key, (50, 3))
    counts = jax.random.poisson(jax.random.key(1), softplus(x @ jnp.array([1.0, -0.5, 0.2])))
    print("w", fit(x, counts))


if __name__ == "__main__":
    main()
