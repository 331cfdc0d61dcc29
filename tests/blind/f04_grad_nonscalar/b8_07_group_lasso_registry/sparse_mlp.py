"""Feature selection with a group-lasso penalised MLP."""
import jax
import jax.numpy as jnp

from penalties import total_penalty

CONFIG = {
    "hidden": 8,
    "penalty": {"w1": ("group_lasso", 1e-2), "w2": ("l2", 1e-3)},
    "lr": 0.1,
}


def init(key, d_in, hidden):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d_in, hidden)) * 0.3,
        "w2": jax.random.normal(k2, (hidden,)) * 0.3,
    }


def objective(params, x, y, spec):
    pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
    return jnp.mean((pred - y) ** 2) + total_penalty(params, spec)


def train(steps=3, config=CONFIG):
    x = jax.random.normal(jax.random.PRNGKey(0), (64, 10))
    y = jnp.sin(x[:, 0]) - x[:, 3]
    params = init(jax.random.PRNGKey(1), 10, config["hidden"])
    for _ in range(steps):
        grads = jax.grad(objective)(params, x, y, config["penalty"])
        params = {k: params[k] - config["lr"] * grads[k] for k in params}
    return params


def main():
    params = train()
    print("feature norms", jnp.linalg.norm(params["w1"], axis=1))


if __name__ == "__main__":
    main()
