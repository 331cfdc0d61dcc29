import jax
import jax.numpy as jnp

from pkg.market import profit


def hourly_prices():
    hours = jnp.arange(24.0)
    return 0.18 + 0.09 * jnp.sin((hours - 9.0) * jnp.pi / 12.0)


def optimise(steps=50, lr=0.5):
    prices = hourly_prices()
    power = jnp.zeros(24)
    objective = jax.grad(lambda p: -profit(p, prices))
    for _ in range(steps):
        power = power - lr * objective(power)
    return power, profit(power, prices)


def main():
    power, value = optimise()
    print(f"schedule profit: {float(value):.3f}, peak charge {float(power.max()):.2f} kW")


if __name__ == "__main__":
    main()
