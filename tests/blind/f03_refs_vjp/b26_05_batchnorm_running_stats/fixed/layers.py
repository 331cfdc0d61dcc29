"""Dense + BatchNorm layers with a torch.nn-like training flag."""
import jax
import jax.numpy as jnp

from buffers import ema_update_, register_buffer


class BatchNorm1d:
    def __init__(self, features, momentum=0.1, eps=1e-5):
        self.momentum = momentum
        self.eps = eps
        self.running_mean = register_buffer(jnp.zeros(features))
        self.running_var = register_buffer(jnp.ones(features))
        self.training = True

    def init(self, features):
        return {"gamma": jnp.ones(features), "beta": jnp.zeros(features)}

    def forward(self, params, x):
        if self.training:
            mean = x.mean(axis=0)
            var = x.var(axis=0)
            ema_update_(self.running_mean, jax.lax.stop_gradient(mean), self.momentum)
            ema_update_(self.running_var, jax.lax.stop_gradient(var), self.momentum)
        else:
            mean = self.running_mean[...]
            var = self.running_var[...]
        x_hat = (x - mean) / jnp.sqrt(var + self.eps)
        return params["gamma"] * x_hat + params["beta"]

    __call__ = forward


class MLP:
    def __init__(self, d_in, d_hidden, d_out):
        self.sizes = (d_in, d_hidden, d_out)
        self.norm = BatchNorm1d(d_hidden)

    def init(self, key):
        d_in, d_hidden, d_out = self.sizes
        k1, k2 = jax.random.split(key)
        return {
            "w1": jax.random.normal(k1, (d_in, d_hidden)) / jnp.sqrt(d_in),
            "bn": self.norm.init(d_hidden),
            "w2": jax.random.normal(k2, (d_hidden, d_out)) / jnp.sqrt(d_hidden),
        }

    def train(self, mode=True):
        self.norm.training = mode
        return self

    def eval(self):
        return self.train(False)

    def __call__(self, params, x):
        h = jax.nn.relu(self.norm(params["bn"], x @ params["w1"]))
        return h @ params["w2"]
