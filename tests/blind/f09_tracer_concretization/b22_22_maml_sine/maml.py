"""Model-agnostic meta-learning on sine-wave regression tasks."""

import jax
import jax.numpy as jnp


def init(key, sizes=(1, 40, 40, 1)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (a, b)) / jnp.sqrt(a), jnp.zeros(b)) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def forward(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def task_loss(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


def adapt(params, x, y, hp):
    for _ in range(hp.inner_steps):
        grads = jax.grad(task_loss)(params, x, y)
        params = jax.tree.map(lambda p, g: p - hp.inner_lr * g, params, grads)
    return params


def meta_loss(params, tasks, hp):
    def one_task(task):
        adapted = adapt(params, task["xs"], task["ys"], hp)
        return task_loss(adapted, task["xq"], task["yq"])

    return jnp.mean(jax.vmap(one_task)(tasks))
