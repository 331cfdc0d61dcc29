"""Track the top Hessian eigenvalue ("sharpness") of an MLP during training.

Edge-of-stability experiment: with plain GD at step size eta, sharpness
rises until it hovers around 2 / eta.
"""
import jax
import jax.numpy as jnp
import numpy as np

from tree_math import random_probe, tree_dot, tree_norm, tree_scale

ETA = 0.05
rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(200, 5)), jnp.float32)
Y = jnp.sin(X @ jnp.asarray(rng.normal(size=(5,)), jnp.float32))


def init(key, width=32):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (5, width)) / jnp.sqrt(5.0), "b1": jnp.zeros(width),
            "w2": jax.random.normal(k2, (width,)) / jnp.sqrt(width), "b2": jnp.zeros(())}


def loss(params):
    h = jnp.tanh(X @ params["w1"] + params["b1"])
    return 0.5 * jnp.mean((h @ params["w2"] + params["b2"] - Y) ** 2)


def hvp(params, v):
    return jax.jvp(jax.grad(loss), (params,), (v,))[1]


def top_eigenvalue(params, key, iters=20):
    v = random_probe(key, params)
    v = tree_scale(v, 1.0 / tree_norm(v))
    lam = 0.0
    for _ in range(iters):
        hv = hvp(params, v)
        lam = tree_dot(v, hv)
        v = tree_scale(hv, 1.0 / tree_norm(hv))
    return lam


def main():
    params = init(jax.random.PRNGKey(0))
    grad_fn = jax.jit(jax.grad(loss))
    key = jax.random.PRNGKey(1)
    history = []
    for step in range(301):
        if step % 100 == 0:
            key, sub = jax.random.split(key)
            sharp = float(top_eigenvalue(params, sub))
            history.append(sharp)
            print(f"step {step}: loss {float(loss(params)):.4f}  sharpness {sharp:.2f}  (2/eta = {2 / ETA:.0f})")
        params = jax.tree.map(lambda p, g: p - ETA * g, params, grad_fn(params))
    return history


if __name__ == "__main__":
    main()
