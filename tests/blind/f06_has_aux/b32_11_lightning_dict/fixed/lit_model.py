"""A LightningModule-style wrapper around a logistic-regression model.

training_step returns {"loss": ..., **metrics} as Lightning expects, and the
trainer hands the rest to the logger.
"""
import jax
import jax.numpy as jnp


class LitLogReg:
    def __init__(self, n_features, lr=0.5):
        self.n_features = n_features
        self.lr = lr

    def init(self, key):
        return {"w": 0.01 * jax.random.normal(key, (self.n_features,)), "b": jnp.zeros(())}

    def forward(self, params, x):
        return x @ params["w"] + params["b"]

    def training_step(self, params, batch):
        x, y = batch
        logits = self.forward(params, x)
        loss = jnp.mean(jax.nn.softplus(logits) - y * logits)
        acc = jnp.mean((logits > 0) == (y > 0.5))
        return loss, {"acc": acc}
