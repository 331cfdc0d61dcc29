"""Second-order MAML meta-training on sinusoids."""
import jax
import jax.numpy as jnp

from inner import adapt, mse
from tasks import sample_tasks


def init_mlp(key, sizes=(1, 40, 40, 1)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (m, n)) * jnp.sqrt(2.0 / m), jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def meta_loss(params, tasks):
    def task_loss(support, query):
        return mse(adapt(params, support), query)

    support, query = tasks
    return jnp.mean(jax.vmap(task_loss)(support, query))


@jax.jit
def meta_step(params, tasks, meta_lr=1e-3):
    loss, grads = jax.value_and_grad(meta_loss)(params, tasks)
    return jax.tree.map(lambda p, g: p - meta_lr * g, params, grads), loss


def main(iterations=3):
    params = init_mlp(jax.random.key(0))
    for it in range(iterations):
        tasks = sample_tasks(jax.random.key(it + 1), 8)
        params, loss = meta_step(params, tasks)
        print(f"meta-iteration {it}: query loss {float(loss):.3f}")
    return float(loss)


if __name__ == "__main__":
    main()
