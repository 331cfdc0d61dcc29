"""A two-layer MLP from scratch on a sine regression task."""
import jax
import jax.numpy as jnp

from activations import leaky_relu

HIDDEN = 32
LR = 0.05
STEPS = 200


def init(key):
    k1, k2 = jax.random.split(key)
    return [
        (jax.random.normal(k1, (1, HIDDEN)), jnp.zeros(HIDDEN)),
        (jax.random.normal(k2, (HIDDEN, 1)) / jnp.sqrt(HIDDEN), jnp.zeros(1)),
    ]


def forward(params, x):
    (w1, b1), (w2, b2) = params
    h = leaky_relu(x @ w1 + b1)
    return h @ w2 + b2


def mse(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


def main():
    x = jnp.linspace(-3, 3, 100).reshape(-1, 1)
    y = jnp.sin(x)
    params = init(jax.random.key(0))
    for step in range(STEPS):
        grads = jax.grad(mse)(params, x, y)
        params = [(w - LR * gw, b - LR * gb) for (w, b), (gw, gb) in zip(params, grads)]
        if step % 50 == 0:
            print(f"step {step}  mse {mse(params, x, y):.4f}")
    return mse(params, x, y)


if __name__ == "__main__":
    main()
