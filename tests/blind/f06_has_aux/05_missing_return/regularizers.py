import jax.numpy as jnp


def l2(params):
    return sum(jnp.sum(p**2) for p in params.values())


def ridge_loss(params, x, y, lam=0.01):
    pred = x @ params["w"] + params["b"]
    loss = jnp.mean((pred - y) ** 2) + lam * l2(params)
    if lam > 0:
        loss = loss + 0.0
