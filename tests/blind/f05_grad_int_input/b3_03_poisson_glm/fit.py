"""Newton-free fit of the GLM with gradient descent and a diagnostic."""
import jax
import jax.numpy as jnp

from glm import GLMParams, neg_log_likelihood


def simulate(key, n=500):
    kf, kc = jax.random.split(key)
    features = jax.random.normal(kf, (n, 3)) * 0.5
    rate = jnp.exp(features @ jnp.array([0.8, -0.4, 0.2]) + 1.0)
    counts = jax.random.poisson(kc, rate)
    return features, counts


def main():
    features, counts = simulate(jax.random.PRNGKey(7))
    params = GLMParams(coef=jnp.zeros(3), intercept=jnp.array(0.0))
    grad_fn = jax.jit(jax.grad(neg_log_likelihood, argnums=(0, 1)))
    for _ in range(300):
        g_params, _ = grad_fn(params, counts, features)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, g_params)
    print("coefficients", params.coef, "intercept", float(params.intercept))
    return params


if __name__ == "__main__":
    main()
