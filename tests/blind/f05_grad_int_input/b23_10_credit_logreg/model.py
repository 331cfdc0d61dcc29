import jax
import jax.numpy as jnp


def init_params(n_features):
    return {"w": jnp.zeros(n_features), "b": jnp.array(0)}


def logits(params, x):
    return x @ params["w"] + params["b"]


def bce(params, x, y):
    z = logits(params, x)
    return jnp.mean(jax.nn.softplus(z) - y * z)


def accuracy(params, x, y):
    return jnp.mean((logits(params, x) > 0) == (y > 0.5))
