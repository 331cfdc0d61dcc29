"""A fused dense layer as a hijax primitive, and a small module wrapper around it."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim


class FusedDense(HiPrim):
    """relu(x @ w) in one primitive, with a hand-written backward pass."""

    def __init__(self, x_aval, w_aval, log_grad_norms):
        self.in_avals = (x_aval, w_aval)
        self.out_aval = x_aval.update(shape=(x_aval.shape[0], w_aval.shape[1]))
        self.params = dict(log_grad_norms=log_grad_norms)
        super().__init__()

    def expand(self, x, w):
        return jax.nn.relu(x @ w)

    def vjp_fwd(self, nzs_in, x, w):
        pre = x @ w
        return jax.nn.relu(pre), (x, w, pre)

    def vjp_bwd(self, res, g, x_acc, w_acc):
        x, w, pre = res
        g_pre = jnp.where(pre > 0, g, 0.0)
        w_ct = x.T @ g_pre
        x_acc.accum(g_pre @ w.T)
        w_acc.accum(w_ct)
        return {"dense_w_grad_norm": jnp.linalg.norm(w_ct)} if self.log_grad_norms else ()


class Dense:
    def __init__(self, config):
        self.config = config

    def init(self, key):
        c = self.config
        k1, k2 = jax.random.split(key)
        return {
            "w": jax.random.normal(k1, (c.d_in, c.d_hidden)) * (2.0 / c.d_in) ** 0.5,
            "head": jax.random.normal(k2, (c.d_hidden,)) / c.d_hidden**0.5,
        }

    def __call__(self, params, x):
        prim = FusedDense(jax.typeof(x), jax.typeof(params["w"]), self.config.log_grad_norms)
        return prim(x, params["w"]) @ params["head"]
