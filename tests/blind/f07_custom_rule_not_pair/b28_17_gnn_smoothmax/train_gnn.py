# Molecule property regression with a max-pool message passing network (toy data).
import jax
import jax.numpy as jnp
import numpy as np
from types import SimpleNamespace

from pooling import pool_neighbours

cfg = SimpleNamespace(n_nodes=30, k=4, feat=8, hidden=16, lr=0.05, steps=100, seed=0)

rng = np.random.default_rng(cfg.seed)
NODE_FEATS = jnp.asarray(rng.normal(size=(cfg.n_nodes, cfg.feat)), jnp.float32)
NEIGHBOURS = jnp.asarray(rng.integers(0, cfg.n_nodes, size=(cfg.n_nodes, cfg.k)))
TARGET = jnp.float32(1.7)


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"w_msg": jax.random.normal(k1, (cfg.feat, cfg.hidden)) * 0.3,
            "w_out": jax.random.normal(k2, (cfg.hidden,)) * 0.3}


def predict(params):
    h = jnp.tanh(NODE_FEATS @ params["w_msg"])
    h = pool_neighbours(h, NEIGHBOURS)
    return jnp.mean(h @ params["w_out"])


def loss(params):
    return (predict(params) - TARGET) ** 2


def main():
    params = init_params(jax.random.PRNGKey(cfg.seed))
    step = jax.jit(jax.value_and_grad(loss))
    for i in range(cfg.steps):
        val, g = step(params)
        params = jax.tree.map(lambda p, d: p - cfg.lr * d, params, g)
        if i % 25 == 0:
            print(f"step {i}: loss {float(val):.5f}")
    return params


if __name__ == "__main__":
    main()
