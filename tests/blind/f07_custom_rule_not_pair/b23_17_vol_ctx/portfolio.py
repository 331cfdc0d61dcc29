"""Risk-parity style weights: minimise the dispersion of volatility contributions."""
import jax
import jax.numpy as jnp

from ops import realized_vol


def portfolio_vol(logits, returns):
    w = jax.nn.softmax(logits)
    return realized_vol(returns @ w)


def objective(logits, returns, target=0.10):
    return (portfolio_vol(logits, returns) - target) ** 2


def main(iters=60, lr=5.0):
    returns = 0.01 * jax.random.normal(jax.random.key(0), (250, 4)) * jnp.array([0.5, 1.0, 1.5, 2.5])
    logits = jnp.zeros(4)
    g = jax.jit(jax.grad(objective))
    for _ in range(iters):
        logits = logits - lr * g(logits, returns)
    w = jax.nn.softmax(logits)
    print("weights", w, "vol", float(portfolio_vol(logits, returns)))
    return w


if __name__ == "__main__":
    main()
