"""A small residual encoder whose feature extractor learns at a reduced rate."""
import jax
import jax.numpy as jnp

from grad_scale import grad_multiply


class Encoder:
    def __init__(self, d_in, d_model, n_layers, feature_grad_mult=0.1, log_grad_norm=False):
        self.d_in = d_in
        self.d_model = d_model
        self.n_layers = n_layers
        self.feature_grad_mult = feature_grad_mult
        self.log_grad_norm = log_grad_norm

    def init(self, key):
        k_feat, k_layers, k_head = jax.random.split(key, 3)
        w = jax.random.normal(k_layers, (self.n_layers, self.d_model, self.d_model))
        return {
            "feat": jax.random.normal(k_feat, (self.d_in, self.d_model)) / jnp.sqrt(self.d_in),
            "layers": {"w": w / jnp.sqrt(self.d_model),
                       "b": jnp.zeros((self.n_layers, self.d_model))},
            "head": jax.random.normal(k_head, (self.d_model,)) / jnp.sqrt(self.d_model),
        }

    def forward(self, params, x):
        h = jnp.tanh(x @ params["feat"])
        h = grad_multiply(h, self.feature_grad_mult, self.log_grad_norm)

        def layer(h, p):
            return h + jax.nn.gelu(h @ p["w"] + p["b"]), None

        h, _ = jax.lax.scan(layer, h, params["layers"])
        return h.mean(axis=1) @ params["head"]

    __call__ = forward
