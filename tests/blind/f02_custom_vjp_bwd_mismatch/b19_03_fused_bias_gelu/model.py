"""A pre-norm transformer feed-forward block trained on a toy sequence regression."""

import functools

import jax
import jax.numpy as jnp

from kernels import bias_gelu

CONFIG = {
    "model": {"d_model": 16, "d_ff": 32},
    "data": {"batch": 4, "seq_len": 8},
    "optim": {"lr": 0.1, "steps": 3},
}


def init_ffn(key, d_model, d_ff):
    k1, k2 = jax.random.split(key)
    return {
        "w_in": jax.random.normal(k1, (d_model, d_ff)) / jnp.sqrt(d_model),
        "b_in": jnp.zeros(d_ff),
        "w_out": jax.random.normal(k2, (d_ff, d_model)) / jnp.sqrt(d_ff),
        "b_out": jnp.zeros(d_model),
    }


def layer_norm(x, eps=1e-5):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mu) / jnp.sqrt(var + eps)


def ffn_block(params, x):
    h = bias_gelu(layer_norm(x) @ params["w_in"], params["b_in"])
    return x + h @ params["w_out"] + params["b_out"]


def loss_fn(params, x, y):
    return jnp.mean((ffn_block(params, x) - y) ** 2)


@functools.partial(jax.jit, static_argnames="lr")
def sgd_step(params, x, y, lr):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main(config=CONFIG):
    m, d, o = config["model"], config["data"], config["optim"]
    key = jax.random.PRNGKey(42)
    params = init_ffn(key, m["d_model"], m["d_ff"])
    x = jax.random.normal(jax.random.fold_in(key, 1), (d["batch"], d["seq_len"], m["d_model"]))
    y = jnp.roll(x, 1, axis=-1)
    for _ in range(o["steps"]):
        params, loss = sgd_step(params, x, y, lr=o["lr"])
    print("loss:", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
