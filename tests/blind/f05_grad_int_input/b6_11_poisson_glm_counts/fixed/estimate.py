"""Maximum-likelihood fit of a Poisson GLM by Newton's method with the score from autodiff."""

import jax
import jax.numpy as jnp

from glm import design_matrix, poisson_nll


def fisher_information(beta, X, exposure):
    mu = exposure * jnp.exp(X @ beta)
    return (X * mu[:, None]).T @ X


def newton_fit(counts, X, exposure, n_iter=8):
    beta = jnp.zeros(X.shape[1])
    for _ in range(n_iter):
        score = jax.grad(poisson_nll, argnums=1)(counts, beta, X, exposure)
        beta = beta - jnp.linalg.solve(fisher_information(beta, X, exposure), score)
    return beta


def main():
    key_age, key_smoke, key_y = jax.random.split(jax.random.PRNGKey(2), 3)
    age = jax.random.uniform(key_age, (200,), minval=30, maxval=80)
    smoker = (jax.random.uniform(key_smoke, (200,)) < 0.3).astype(jnp.float32)
    exposure = jnp.full((200,), 5.0)
    X = design_matrix(age, smoker)
    true_beta = jnp.array([-2.0, 0.4, 0.7])
    counts = jax.random.poisson(key_y, exposure * jnp.exp(X @ true_beta))
    beta = newton_fit(counts, X, exposure)
    print("beta", beta)
    return beta


if __name__ == "__main__":
    main()
