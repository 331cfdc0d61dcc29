"""Learn a projection that pulls matching pairs together."""
import jax
import jax.numpy as jnp

from embedding_loss import negative_pair_loss, positive_pair_loss


def total_loss(params, batch):
    left, right, same = batch
    return positive_pair_loss(params, left, right, same) + negative_pair_loss(
        params, left, right, same
    )


@jax.jit
def update(params, batch):
    value, grads = jax.value_and_grad(total_loss)(params, batch)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, grads), value


def make_batch(key, n=32):
    k1, k2, k3 = jax.random.split(key, 3)
    left = jax.random.normal(k1, (n, 5))
    same = jax.random.bernoulli(k2, 0.5, (n,))
    noise = jax.random.normal(k3, (n, 5))
    right = jnp.where(same[:, None], left + 0.1 * noise, noise)
    return left, right, same


def main():
    params = {"proj": jnp.eye(5)[:, :3]}
    for i in range(20):
        params, value = update(params, make_batch(jax.random.PRNGKey(i)))
    print("loss", float(value))
    return float(value)


if __name__ == "__main__":
    main()
