"""Poisson regression of event counts, written as a LightningModule-style class."""
import jax
import jax.numpy as jnp


class CountRegressor:
    def __init__(self, n_features, l2=1e-3):
        self.n_features = n_features
        self.l2 = l2

    def init_params(self, key):
        return {"w": 0.01 * jax.random.normal(key, (self.n_features,)), "b": jnp.zeros(())}

    def forward(self, params, x):
        return x @ params["w"] + params["b"]

    def training_step(self, params, batch):
        log_rate = self.forward(params, batch["x"])
        nll = jnp.mean(jnp.exp(log_rate) - batch["counts"] * log_rate)
        loss = nll + self.l2 * jnp.sum(params["w"] ** 2)
        return loss, {"nll": nll, "mean_rate": jnp.mean(jnp.exp(log_rate))}
