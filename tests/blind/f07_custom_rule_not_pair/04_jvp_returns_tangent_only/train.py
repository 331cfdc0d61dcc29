import jax
import jax.numpy as jnp

from special import softplus


def positive_scale(raw):
    return softplus(raw)


def objective(raw, data):
    sigma = positive_scale(raw)
    return jnp.sum(0.5 * (data / sigma) ** 2 + jnp.log(sigma))


def main():
    data = jnp.array([0.5, -1.2, 2.0, 0.1])
    raw = jnp.array(0.0)
    for _ in range(20):
        raw = raw - 0.1 * jax.grad(objective)(raw, data)
    print(positive_scale(raw))
    return float(positive_scale(raw))


if __name__ == "__main__":
    main()
