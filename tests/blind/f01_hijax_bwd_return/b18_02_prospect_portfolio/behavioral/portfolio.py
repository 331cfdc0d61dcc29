"""Choose position sizes that maximise a loss-averse investor's expected value."""
import jax
import jax.numpy as jnp

from behavioral.value import prospect_value


def expected_value(weights, scenarios):
    pnl = scenarios @ weights
    return jnp.mean(prospect_value(pnl))


def main():
    key = jax.random.PRNGKey(7)
    scenarios = 0.05 * jax.random.normal(key, (256, 4)) + 0.01
    w = jnp.full((4,), 0.25)
    step = jax.grad(expected_value)
    for _ in range(5):
        w = w + 0.1 * step(w, scenarios)
        w = w / jnp.sum(w)
    print("weights", w)


if __name__ == "__main__":
    main()
