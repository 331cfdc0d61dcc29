import jax
import jax.numpy as jnp

from glm import init_state, neg_log_lik

coef_grad = jax.grad(neg_log_lik)


def simulate(key, n=200, d=5):
    k1, k2 = jax.random.split(key)
    x = jax.random.normal(k1, (n, d))
    rate = jnp.exp(0.3 * x[:, 0] - 0.2 * x[:, 2] + 0.5)
    counts = jax.random.poisson(k2, rate)
    return x, counts


def fit(features, counts, lr=0.1, n_iter=100):
    state = init_state(features, counts)
    coef = state.coef
    for _ in range(n_iter):
        coef = coef - lr * coef_grad(coef, state.intercept, features, counts)
    return coef


def main():
    x, counts = simulate(jax.random.PRNGKey(7))
    print("coefficients", fit(x, counts))


if __name__ == "__main__":
    main()
