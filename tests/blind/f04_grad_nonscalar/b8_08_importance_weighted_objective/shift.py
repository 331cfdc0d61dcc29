"""Linear regression under covariate shift, trained with importance weights."""
import jax
import jax.numpy as jnp

from objectives import Batch, ImportanceWeighted

objective = ImportanceWeighted(clip=5.0)


@jax.jit
def step(params, batch, lr=0.1):
    loss, grads = jax.value_and_grad(objective)(params, batch)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), loss


def make_batch(key, n=128):
    kx, kn = jax.random.split(key)
    x = 1.0 + jax.random.normal(kx, (n, 3))
    y = x @ jnp.array([0.5, -1.0, 2.0]) + 0.1 * jax.random.normal(kn, (n,))
    weight = jnp.exp(-0.5 * jnp.sum(x**2, axis=1) + 0.5 * jnp.sum((x - 1.0) ** 2, axis=1))
    return Batch(x, y, weight)


def main():
    params = {"w": jnp.zeros(3), "b": jnp.zeros(())}
    batch = make_batch(jax.random.PRNGKey(0))
    for i in range(3):
        params, loss = step(params, batch)
        print(i, float(loss))


if __name__ == "__main__":
    main()
