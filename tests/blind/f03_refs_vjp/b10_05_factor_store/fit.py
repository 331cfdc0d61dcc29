"""Fit factors to a synthetic low-rank ratings matrix."""
import jax
import jax.numpy as jnp

from recsys.factors import FactorStore
from recsys.sgd import FactorSGD


def synthetic_ratings(n_users=20, n_items=15, rank=3, n_obs=120, seed=0):
    ku, ki, ko, kj = jax.random.split(jax.random.key(seed), 4)
    truth = jax.random.normal(ku, (n_users, rank)) @ jax.random.normal(ki, (rank, n_items))
    user_ids = jax.random.randint(ko, (n_obs,), 0, n_users)
    item_ids = jax.random.randint(kj, (n_obs,), 0, n_items)
    return user_ids, item_ids, truth[user_ids, item_ids]


def fit(epochs=20):
    user_ids, item_ids, ratings = synthetic_ratings()
    store = FactorStore.create(20, 15, 3, jax.random.key(1))
    opt = FactorSGD(store)
    for _ in range(epochs):
        loss = opt.step(user_ids, item_ids, ratings)
    return float(loss)


def main():
    print("training loss", fit())


if __name__ == "__main__":
    main()
