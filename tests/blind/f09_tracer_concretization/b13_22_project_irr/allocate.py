import jax
import jax.numpy as jnp

from fin.projects import budget_irr


def allocate(steps=100, lr=2.0):
    logits = jnp.zeros(3)
    value_and_slope = jax.jit(jax.value_and_grad(budget_irr))
    for _ in range(steps):
        rate, g = value_and_slope(logits)
        logits = logits + lr * g
    return logits, rate


def main(steps=100):
    logits, rate = allocate(steps)
    shares = jnp.exp(logits) / jnp.sum(jnp.exp(logits))
    print("shares", shares.round(3), f"IRR {float(rate):.4f}")
    return rate


if __name__ == "__main__":
    main()
