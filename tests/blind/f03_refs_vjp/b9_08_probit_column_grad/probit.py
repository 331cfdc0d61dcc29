"""Probit regression of a dose-response study, fitted with Ref parameters."""
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm

from buffers import gradient_buffer_for, parameter


def neg_log_lik(w_ref, x, y):
    z = (x @ w_ref[...])[:, 0]
    p = jnp.clip(norm.cdf(z), 1e-6, 1 - 1e-6)
    return -jnp.mean(y * jnp.log(p) + (1 - y) * jnp.log1p(-p))


def fit(x, y, lr=0.5, steps=10):
    w_ref = parameter((x.shape[1], 1))
    for _ in range(steps):
        g_ref = gradient_buffer_for(x)
        nll, f_vjp = jax.vjp(neg_log_lik, w_ref, x, y)
        f_vjp.with_refs(g_ref, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(nll))
        w_ref[...] -= lr * g_ref[...]
    return w_ref[...], nll


def dose_response():
    dose = jnp.linspace(-2.0, 2.0, 30)
    x = jnp.stack([jnp.ones_like(dose), dose], axis=1)
    y = (dose + 0.3 * jnp.sin(7 * dose) > 0.1).astype(jnp.float32)
    return x, y


def main():
    w, nll = fit(*dose_response())
    print("w", w.ravel(), "nll", nll)


if __name__ == "__main__":
    main()
