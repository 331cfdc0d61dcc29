"""Fit a survival model on simulated right-censored data."""
import jax
import jax.numpy as jnp

from survival import OBJECTIVES


def simulate(key, n=300, d=5):
    k1, k2, k3 = jax.random.split(key, 3)
    x = jax.random.normal(k1, (n, d))
    beta = jnp.linspace(-0.8, 0.8, d)
    t_event = jax.random.exponential(k2, (n,)) / jnp.exp(x @ beta)
    t_censor = 2.0 * jax.random.exponential(k3, (n,))
    time = jnp.minimum(t_event, t_censor)
    return {"x": x, "time": time, "event": (t_event <= t_censor).astype(jnp.float32)}


class Trainer:
    def __init__(self, name, *, lr=0.1, **objective_kwargs):
        self.objective = OBJECTIVES[name](**objective_kwargs)
        self.lr = lr
        self._step = jax.jit(self._update)

    def _update(self, params, batch):
        (loss, metrics), grads = jax.value_and_grad(self.objective, has_aux=True)(params, batch)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, loss, metrics

    def fit(self, params, batch, steps=100):
        for _ in range(steps):
            params, loss, metrics = self._step(params, batch)
        return params, loss, metrics


def main():
    batch = simulate(jax.random.PRNGKey(0))
    trainer = Trainer("cox", lr=0.5)
    params, loss, metrics = trainer.fit({"beta": jnp.zeros(5)}, batch)
    print("beta", params["beta"], "loss", float(loss), metrics)


if __name__ == "__main__":
    main()
