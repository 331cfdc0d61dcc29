"""Logistic vote-intention model over one-hot demographic cells."""
import jax
import jax.numpy as jnp

from poll.weights import weighted_mean


class VoteModel:
    def __init__(self, n_features, l2=1e-2):
        self.n_features = n_features
        self.l2 = l2

    def init(self):
        return {"coef": jnp.zeros(self.n_features), "intercept": jnp.float32(0.0)}

    def respondent_nll(self, params, x, y):
        logit = x @ params["coef"] + params["intercept"]
        return jax.nn.softplus(logit) - y * logit

    def loss(self, params, x, y, weights):
        nll = jax.vmap(lambda xi, yi: self.respondent_nll(params, xi, yi))(x, y)
        return weighted_mean(nll, weights) + self.l2 * jnp.sum(params["coef"] ** 2)

    def fit(self, x, y, weights, steps=200, lr=0.5):
        params = self.init()
        grad_fn = jax.jit(jax.grad(self.loss))
        for _ in range(steps):
            grads = grad_fn(params, x, y, weights)
            params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params
