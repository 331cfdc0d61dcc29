"""DP-SGD (Abadi et al., 2016): clip each example's gradient, average, add Gaussian noise."""
from functools import partial

import jax
import jax.numpy as jnp


def global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(tree)))


def clip_to_norm(grads, max_norm):
    scale = jnp.minimum(1.0, max_norm / (global_norm(grads) + 1e-12))
    return jax.tree.map(lambda g: g * scale, grads)


def private_gradient(loss_one, params, xs, ys, key, max_norm=1.0, noise_multiplier=1.1):
    per_example = jax.vmap(jax.grad(loss_one), in_axes=(None, 0, 0))(params, xs, ys)
    clipped = jax.vmap(partial(clip_to_norm, max_norm=max_norm))(per_example)
    summed = jax.tree.map(lambda g: g.sum(axis=0), clipped)
    leaves, treedef = jax.tree.flatten(summed)
    keys = jax.random.split(key, len(leaves))
    noisy = [g + noise_multiplier * max_norm * jax.random.normal(k, g.shape) for g, k in zip(leaves, keys)]
    return jax.tree.unflatten(treedef, [g / xs.shape[0] for g in noisy])
