"""Gradient ascent on a mean-variance utility over asset weights."""
import jax
import jax.numpy as jnp

from risk import mean_variance_utility, weights_from_logits

CONFIG = {"risk_aversion": 3.0, "lr": 0.5, "n_iter": 50}


def sample_market(key, n_assets=6, n_days=250):
    k1, k2 = jax.random.split(key)
    mu = 0.0005 + 0.0003 * jax.random.normal(k1, (n_assets,))
    returns = mu + 0.01 * jax.random.normal(k2, (n_days, n_assets))
    return returns.mean(0), jnp.cov(returns, rowvar=False)


@jax.jit
def step(logits, mu, cov):
    value, g = jax.value_and_grad(mean_variance_utility)(logits, mu, cov, CONFIG["risk_aversion"])
    return logits - CONFIG["lr"] * g, value


def main():
    mu, cov = sample_market(jax.random.PRNGKey(3))
    logits = jnp.zeros(mu.shape[0])
    for _ in range(CONFIG["n_iter"]):
        logits, value = step(logits, mu, cov)
    print("weights", weights_from_logits(logits), "utility", value)


if __name__ == "__main__":
    main()
