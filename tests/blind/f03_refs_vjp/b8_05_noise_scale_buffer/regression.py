"""Gaussian regression with a learned noise scale, parameters held in Refs."""
import jax
import jax.numpy as jnp

from config import ModelConfig, grad_buffers


def nll(w_ref, log_sigma_ref, x, y):
    w = w_ref[...]
    log_sigma = log_sigma_ref[...]
    resid = y - x @ w
    return jnp.mean(0.5 * resid**2 * jnp.exp(-2.0 * log_sigma) + log_sigma)


def train(cfg=ModelConfig(), steps=3):
    x = jax.random.normal(jax.random.PRNGKey(0), (40, cfg.n_features))
    y = x @ jnp.arange(1.0, cfg.n_features + 1.0) + 0.3 * jax.random.normal(
        jax.random.PRNGKey(1), (40,)
    )
    w_ref = jax.new_ref(jnp.zeros((cfg.n_features,)))
    log_sigma_ref = jax.new_ref(jnp.float32(0.0))
    for _ in range(steps):
        g_w, g_s = grad_buffers(cfg)
        value, f_vjp = jax.vjp(nll, w_ref, log_sigma_ref, x, y)
        f_vjp.with_refs(g_w, g_s, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(value))
        w_ref[...] -= cfg.lr * g_w[...]
        log_sigma_ref[...] -= cfg.lr * g_s[...]
    return w_ref[...], log_sigma_ref[...]


def main():
    w, log_sigma = train()
    print("w", w, "sigma", jnp.exp(log_sigma))


if __name__ == "__main__":
    main()
