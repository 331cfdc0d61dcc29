"""One epoch of minibatch SGD on a toy regression."""
import jax
import jax.numpy as jnp

from layers import dense


def loss(params, x, y):
    return jnp.mean((dense(params, x).sum(axis=-1) - y) ** 2)


def epoch(params, xs, ys, lr=0.01):
    grad_fn = jax.jit(jax.grad(loss))
    for x, y in zip(xs, ys):
        grads = grad_fn(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (8, 16, 5))
    ys = xs.sum(axis=-1)
    params = {"kernel": jnp.eye(5, 3), "bias": jnp.zeros((3,))}
    params = epoch(params, xs, ys)
    final = float(loss(params, xs[0], ys[0]))
    print("loss", final)
    return final


if __name__ == "__main__":
    main()
