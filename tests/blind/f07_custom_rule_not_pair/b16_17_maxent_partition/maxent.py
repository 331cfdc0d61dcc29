"""Maximum-entropy distribution of a microbe over habitat cells matching observed moments."""
import jax
import jax.numpy as jnp

from partition import log_partition


def habitat_features(key, n_cells=200):
    temp = jax.random.uniform(key, (n_cells,), minval=5.0, maxval=35.0)
    ph = jax.random.uniform(jax.random.fold_in(key, 1), (n_cells,), minval=4.0, maxval=9.0)
    return jnp.stack([(temp - 20.0) / 10.0, (ph - 6.5) / 2.0, ((temp - 20.0) / 10.0) ** 2], axis=1)


def dual(theta, features, target_moments):
    """Convex dual of the max-ent problem: log Z(theta) - theta . target."""
    return log_partition(theta, features) - theta @ target_moments


def solve(n_iter=200, lr=0.5):
    features = habitat_features(jax.random.PRNGKey(0))
    target = jnp.array([0.3, -0.2, 0.4])
    theta = jnp.zeros(3)
    grad_fn = jax.jit(jax.grad(dual))
    for _ in range(n_iter):
        theta = theta - lr * grad_fn(theta, features, target)
    return theta


def main():
    print("natural parameters:", solve())


if __name__ == "__main__":
    main()
