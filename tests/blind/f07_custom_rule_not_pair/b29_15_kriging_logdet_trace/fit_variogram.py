import jax
import jax.numpy as jnp
import numpy as np

from kriging import OrdinaryKriging


def drill_holes(n=50, seed=0):
    rng = np.random.default_rng(seed)
    xy = rng.uniform(0.0, 500.0, size=(n, 2))
    grade = 1.5 + 0.4 * np.sin(xy[:, 0] / 80.0) * np.cos(xy[:, 1] / 120.0) + 0.05 * rng.standard_normal(n)
    return jnp.asarray(xy, dtype=jnp.float32), jnp.asarray(grade, dtype=jnp.float32)


def fit(model, iters=60, lr=0.05):
    log_theta = jnp.log(jnp.array([0.01, 0.1, 100.0]))
    step = jax.jit(jax.value_and_grad(model.neg_log_likelihood))
    for _ in range(iters):
        nll, g = step(log_theta)
        log_theta = log_theta - lr * g
    return log_theta, nll


def main():
    xy, grades = drill_holes()
    log_theta, nll = fit(OrdinaryKriging(xy, grades))
    print("nugget, sill, range =", np.exp(np.asarray(log_theta)), "nll", float(nll))


if __name__ == "__main__":
    main()
