"""Quantisation-aware training of a two-layer MLP with fake-quantised weights."""
import jax
import jax.numpy as jnp

from act import relu6

BITS = 8


def fake_quant(w):
    scale = jnp.max(jnp.abs(w)) / (2 ** (BITS - 1) - 1)
    return w + jax.lax.stop_gradient(jnp.round(w / scale) * scale - w)


def forward(params, x):
    h = relu6(x @ fake_quant(params["w1"]) + params["b1"])
    return h @ fake_quant(params["w2"]) + params["b2"]


def loss(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


@jax.jit
def train_step(params, x, y):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, grads), value


def main():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {
        "w1": jax.random.normal(k1, (4, 32)), "b1": jnp.zeros(32),
        "w2": jax.random.normal(k2, (32, 1)) * 0.2, "b2": jnp.zeros(1),
    }
    x = jax.random.normal(k3, (128, 4))
    y = jnp.sin(x.sum(-1, keepdims=True))
    for _ in range(10):
        params, value = train_step(params, x, y)
    print("loss", value)


if __name__ == "__main__":
    main()
