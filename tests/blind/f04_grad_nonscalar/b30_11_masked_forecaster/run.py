"""Train the forecaster on synthetic weekly-seasonal demand of varying length."""
import jax
import jax.numpy as jnp

from forecaster import evaluate, init, train_step


def make_data(key, n=32, t=40):
    k1, k2, k3 = jax.random.split(key, 3)
    lengths = jax.random.randint(k1, (n,), 20, t + 1)
    steps = jnp.arange(t)
    level = jax.random.uniform(k2, (n, 1), minval=1.0, maxval=3.0)
    series = level + 0.5 * jnp.sin(2 * jnp.pi * steps / 7.0) + 0.1 * jax.random.normal(k3, (n, t))
    mask = steps[None, :] < lengths[:, None]
    return jnp.where(mask, series, 0.0), mask


def main():
    series, mask = make_data(jax.random.PRNGKey(0))
    params = init(jax.random.PRNGKey(1))
    for _ in range(30):
        params, loss = train_step(params, series, mask)
    print("loss", float(loss), "mae by step", evaluate(params, series, mask)[:5])


if __name__ == "__main__":
    main()
