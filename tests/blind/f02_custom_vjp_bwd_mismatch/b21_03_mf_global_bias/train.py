"""Explicit-feedback recommender: biased MF trained on synthetic ratings."""
import jax
import jax.numpy as jnp

from ops import biased_score

N_USERS, N_ITEMS, DIM = 50, 40, 8


def init_model(key):
    ku, ki = jax.random.split(key)
    return {
        "users": jax.random.normal(ku, (N_USERS, DIM)) * 0.1,
        "items": jax.random.normal(ki, (N_ITEMS, DIM)) * 0.1,
        "item_bias": jnp.zeros(N_ITEMS),
        "mu": jnp.asarray(3.5),
    }


def mse_loss(model, users, items, ratings, l2=1e-3):
    u = model["users"][users]
    v = model["items"][items]
    pred = biased_score(u, v, model["item_bias"][items], model["mu"])
    reg = l2 * (jnp.sum(u * u) + jnp.sum(v * v))
    return jnp.mean((pred - ratings) ** 2) + reg


@jax.jit
def sgd_step(model, users, items, ratings):
    loss, grads = jax.value_and_grad(mse_loss)(model, users, items, ratings)
    return jax.tree.map(lambda p, g: p - 0.5 * g, model, grads), loss


def main():
    key = jax.random.key(7)
    k0, k1, k2, k3 = jax.random.split(key, 4)
    model = init_model(k0)
    users = jax.random.randint(k1, (256,), 0, N_USERS)
    items = jax.random.randint(k2, (256,), 0, N_ITEMS)
    ratings = jnp.clip(jnp.round(3.5 + jax.random.normal(k3, (256,))), 1, 5)
    for epoch in range(4):
        model, loss = sgd_step(model, users, items, ratings)
        print(f"epoch {epoch}: mse {float(loss):.3f}")
    return model


if __name__ == "__main__":
    main()
