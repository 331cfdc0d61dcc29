"""Learned ISTA: unrolled iterations x <- shrink(x + W (y - D x)) with a learned threshold."""
import jax
import jax.numpy as jnp

from sparse.shrink import make_soft_threshold


def unrolled(params, y, dictionary, n_iter=8):
    shrink = make_soft_threshold(params["lam"])
    x = jnp.zeros(dictionary.shape[1])
    for _ in range(n_iter):
        x = shrink(x + params["step"] * dictionary.T @ (y - dictionary @ x))
    return x


def loss(params, ys, codes, dictionary):
    preds = jax.vmap(unrolled, in_axes=(None, 0, None))(params, ys, dictionary)
    return jnp.mean(jnp.sum((preds - codes) ** 2, axis=-1))


def train(params, ys, codes, dictionary, steps=100, lr=0.005):
    grad_fn = jax.grad(jax.jit(loss))
    for _ in range(steps):
        grads = grad_fn(params, ys, codes, dictionary)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params
