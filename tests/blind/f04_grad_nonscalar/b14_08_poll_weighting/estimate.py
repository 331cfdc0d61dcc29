import jax
import jax.numpy as jnp

from poll.model import VoteModel
from poll.weights import rake_weights


def sample(key, n=400, n_groups=6):
    k1, k2 = jax.random.split(key)
    groups = jax.random.choice(k1, n_groups, (n,), p=jnp.array([0.3, 0.25, 0.15, 0.1, 0.1, 0.1]))
    x = jax.nn.one_hot(groups, n_groups)
    p_support = jnp.array([0.35, 0.45, 0.5, 0.55, 0.6, 0.7])[groups]
    y = jax.random.bernoulli(k2, p_support).astype(jnp.float32)
    return groups, x, y


def main():
    groups, x, y = sample(jax.random.key(11))
    weights = rake_weights(groups, jnp.full((6,), 1 / 6))
    params = VoteModel(6).fit(x, y, weights)
    print("cell support:", jax.nn.sigmoid(params["coef"] + params["intercept"]))


if __name__ == "__main__":
    main()
