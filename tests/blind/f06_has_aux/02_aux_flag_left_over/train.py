import jax
import jax.numpy as jnp

from objectives import neg_log_likelihood


def fit(samples, iters=100, lr=0.1):
    theta = jnp.array([0.0, 0.0])
    grad_fn = jax.grad(neg_log_likelihood, has_aux=True)
    for _ in range(iters):
        g, _ = grad_fn(theta, samples)
        theta = theta - lr * g
    return theta


def main():
    samples = 2.0 + 0.5 * jax.random.normal(jax.random.key(0), (500,))
    theta = fit(samples)
    print("mu", theta[0], "sigma", jnp.exp(theta[1]))
    return theta


if __name__ == "__main__":
    main()
