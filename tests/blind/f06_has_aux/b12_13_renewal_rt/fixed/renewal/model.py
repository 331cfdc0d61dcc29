"""Renewal model: expected cases = R_t * sum_s w_s * cases_{t-s}."""
import jax
import jax.numpy as jnp


def generation_interval(n=10, mean=5.0, sd=2.0):
    s = jnp.arange(1, n + 1, dtype=jnp.float32)
    w = jnp.exp(-0.5 * ((s - mean) / sd) ** 2)
    return w / jnp.sum(w)


class RenewalModel:
    def __init__(self, cases, smoothness=50.0, track_metrics=False):
        self.cases = cases
        self.w = generation_interval()
        self.smoothness = smoothness
        self.track_metrics = track_metrics

    def infectiousness(self):
        n = self.w.shape[0]
        padded = jnp.concatenate([jnp.zeros(n), self.cases])
        windows = jnp.stack([padded[n - s: n - s + self.cases.shape[0]] for s in range(1, n + 1)], 1)
        return windows @ self.w

    def neg_log_lik(self, log_rt):
        lam = jnp.exp(log_rt) * self.infectiousness() + 1e-3
        nll = jnp.sum(lam - self.cases * jnp.log(lam))
        penalty = self.smoothness * jnp.sum(jnp.diff(log_rt) ** 2)
        metrics = {}
        if self.track_metrics:
            metrics = {"nll": nll, "penalty": penalty, "mean_rt": jnp.mean(jnp.exp(log_rt))}
        return nll + penalty, metrics
