"""Maximum-likelihood fit of the cure fraction in a synthetic trial."""

import jax
import jax.numpy as jnp
import numpy as np

from survival.likelihood import log_likelihood


def trial(n=200, seed=0):
    rng = np.random.default_rng(seed)
    cured = rng.random(n) < 0.3
    t_event = rng.gamma(2.0, 1.0 / 0.5, n)
    t_censor = rng.uniform(1.0, 12.0, n)
    event = (~cured) & (t_event < t_censor)
    t = np.where(event, t_event, t_censor)
    return jnp.asarray(t, jnp.float32), jnp.asarray(event)


def fit(iters=100, lr=2e-3):
    t, event = trial()
    params = {"logit_cure": jnp.array(0.0), "log_shape": jnp.array(0.0),
              "log_rate": jnp.array(0.0)}
    score = jax.grad(log_likelihood)
    for _ in range(iters):
        g = score(params, t, event)
        params = jax.tree.map(lambda p, d: p + lr * d, params, g)
    return params


def main():
    params = fit()
    print("cure fraction", float(jax.nn.sigmoid(params["logit_cure"])))


if __name__ == "__main__":
    main()
