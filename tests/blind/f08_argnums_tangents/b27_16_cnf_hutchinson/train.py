"""Maximum-likelihood training of a small CNF on 2-D samples."""
import jax
import jax.numpy as jnp

from flow import log_density_change


def init(key, dim=2, hidden=16):
    k1, k2 = jax.random.split(key)
    return {"W1": 0.5 * jax.random.normal(k1, (hidden, dim)), "b1": jnp.zeros(hidden),
            "W2": 0.5 * jax.random.normal(k2, (dim, hidden))}


def nll(params, xs, key):
    def one(x, k):
        z, logdet = log_density_change(params, x, k)
        return 0.5 * jnp.sum(z ** 2) + jnp.log(2 * jnp.pi) - logdet
    return jnp.mean(jax.vmap(one)(xs, jax.random.split(key, xs.shape[0])))


@jax.jit
def step(params, xs, key):
    value, g = jax.value_and_grad(nll)(params, xs, key)
    return jax.tree_util.tree_map(lambda p, d: p - 0.01 * d, params, g), value


def main():
    key = jax.random.key(0)
    xs = jax.random.normal(key, (64, 2)) * jnp.array([1.5, 0.5]) + 1.0
    params = init(jax.random.key(1))
    for i in range(30):
        params, value = step(params, xs, jax.random.key(i + 2))
    print("nll", float(value))


if __name__ == "__main__":
    main()
