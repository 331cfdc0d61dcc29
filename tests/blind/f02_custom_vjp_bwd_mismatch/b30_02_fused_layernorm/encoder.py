"""A two-layer MLP block with a pre-norm, trained on a toy regression task."""
import jax
import jax.numpy as jnp

from normkit import init_norm, layer_norm


def init(key, d_in=16, d_hidden=32):
    k1, k2 = jax.random.split(key)
    return {
        "norm": init_norm(d_in),
        "w1": jax.random.normal(k1, (d_in, d_hidden)) / jnp.sqrt(d_in),
        "w2": jax.random.normal(k2, (d_hidden, 1)) / jnp.sqrt(d_hidden),
    }


def forward(params, x):
    h = layer_norm(params["norm"], x)
    h = jax.nn.gelu(h @ params["w1"])
    return (h @ params["w2"])[..., 0]


def loss_fn(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


@jax.jit
def train_step(params, x, y, lr=1e-2):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def main():
    key = jax.random.PRNGKey(0)
    kp, kx = jax.random.split(key)
    params = init(kp)
    x = 3.0 * jax.random.normal(kx, (64, 16)) + 1.0
    y = jnp.sin(x[:, 0]) + 0.1 * x[:, 1]
    for _ in range(5):
        params, loss = train_step(params, x, y)
    print("loss", float(loss))


if __name__ == "__main__":
    main()
