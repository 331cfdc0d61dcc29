import jax
import jax.numpy as jnp

from model import logistic_loss

grad_weights = jax.grad(logistic_loss, argnums=1)


def main(steps=20):
    x = jax.random.normal(jax.random.key(0), (50, 3))
    y = jnp.sign(x[:, 0] + 0.5 * x[:, 1])
    weights = jnp.zeros(3)
    for _ in range(steps):
        weights = weights - 0.5 * grad_weights((x, y), weights)
    print(weights)
    return weights


if __name__ == "__main__":
    main()
