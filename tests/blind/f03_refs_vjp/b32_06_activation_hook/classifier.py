"""Two-layer classifier for the 'spirals' exercise, exported from the notebook."""
import jax
import jax.numpy as jnp

from hooks import BATCH, HIDDEN, dead_fraction, save_hidden

key = jax.random.key(7)
LR = 0.5


def make_spirals(key, n=BATCH):
    t = jnp.linspace(0.5, 3.0, n // 2)
    a = jnp.stack([t * jnp.cos(2 * t), t * jnp.sin(2 * t)], axis=1)
    X = jnp.concatenate([a, -a]) + 0.05 * jax.random.normal(key, (n, 2))
    y = jnp.concatenate([jnp.zeros(n // 2), jnp.ones(n // 2)])
    return X, y


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"W1": jax.random.normal(k1, (2, HIDDEN)), "b1": jnp.zeros(HIDDEN),
            "w2": jax.random.normal(k2, (HIDDEN,)) / HIDDEN}


def forward(params, X):
    h = save_hidden(jax.nn.relu(X @ params["W1"] + params["b1"]))
    return h @ params["w2"]


def bce(params, X, y):
    z = forward(params, X)
    return jnp.mean(jax.nn.softplus(z) - y * z)


def main():
    X, y = make_spirals(key)
    params = init_params(jax.random.key(1))
    for step in range(30):
        grads = jax.grad(bce)(params, X, y)
        params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
    print("loss:", bce(params, X, y))
    print("dead ReLUs:", dead_fraction())
    return bce(params, X, y)


if __name__ == "__main__":
    main()
