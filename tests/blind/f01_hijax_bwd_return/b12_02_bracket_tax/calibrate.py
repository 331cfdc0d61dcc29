"""Calibrate bracket rates so that revenue meets a target at the lowest welfare cost."""
import jax
import jax.numpy as jnp

from taxsim.brackets import bracket_tax

THRESHOLDS = (0.0, 12.0, 45.0, 110.0, 1.0e6)


def incomes(n=256, seed=0):
    key = jax.random.PRNGKey(seed)
    return jnp.exp(3.4 + 0.8 * jax.random.normal(key, (n,)))


def objective(rates, income, target):
    tax = bracket_tax(income, rates, THRESHOLDS)
    revenue = jnp.mean(tax)
    welfare = jnp.mean(jnp.log(income - tax + 1.0))
    return (revenue - target) ** 2 - 0.1 * welfare


def calibrate(n_steps=100, target=18.0, lr=1e-4):
    income = incomes()
    rates = jnp.array([0.0, 0.2, 0.35, 0.45])
    grad_fn = jax.jit(jax.grad(objective))
    for _ in range(n_steps):
        rates = jnp.clip(rates - lr * grad_fn(rates, income, target), 0.0, 0.7)
    return rates


def main():
    rates = calibrate()
    print("rates", rates)


if __name__ == "__main__":
    main()
