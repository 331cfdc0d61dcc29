"""Mean-variance utility of a long-only portfolio parameterised by logits."""
import jax
import jax.numpy as jnp


class MeanVariance:
    def __init__(self, cfg, expected_returns, covariance):
        self.risk_aversion = jnp.asarray(cfg["risk_aversion"])
        self.mu = expected_returns
        self.cov = covariance

    @staticmethod
    def weights(logits):
        return jax.nn.softmax(logits)

    def utility(self, logits):
        w = self.weights(logits)
        return w @ self.mu - 0.5 * self.risk_aversion * (w @ self.cov @ w)

    def loss(self, logits):
        return -self.utility(logits)
