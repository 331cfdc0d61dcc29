"""Bradley-Terry rating updates from a batch of match results."""
import jax
import jax.numpy as jnp

from ratings.config import Config
from ratings.store import RatingStore


def nll(ratings_ref, winners, losers):
    r = ratings_ref[...]
    return -jnp.sum(jax.nn.log_sigmoid(r[winners] - r[losers]))


def update(store, winners, losers):
    loss, f_vjp = jax.vjp(nll, store.ratings, winners, losers)
    grad = store.fresh_grad_buffer()
    f_vjp.with_refs(grad, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
    store.ratings[...] -= store.config.lr * grad[...]
    return loss


def main():
    store = RatingStore(Config())
    winners = jnp.array([0, 1, 2, 0, 3, 4])
    losers = jnp.array([1, 2, 3, 4, 5, 9])
    for _ in range(3):
        loss = update(store, winners, losers)
    print("nll", loss, store.ratings[...])


if __name__ == "__main__":
    main()
