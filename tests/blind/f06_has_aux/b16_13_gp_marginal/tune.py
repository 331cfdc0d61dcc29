"""Tune the GP hyperparameters of a river-stage record by Adam."""
import jax
import jax.numpy as jnp

from gp import neg_log_marginal


def stage_record(key, n=60):
    x = jnp.sort(jax.random.uniform(key, (n,), minval=0.0, maxval=30.0))
    y = jnp.sin(x / 3.0) + 0.3 * jnp.cos(x) + 0.05 * jax.random.normal(key, (n,))
    return x, y - y.mean()


@jax.jit
def adam_step(hyp, m, v, t, x, y, lr=0.05):
    (nll, parts), g = jax.value_and_grad(neg_log_marginal, has_aux=True)(hyp, x, y)
    m = jax.tree_util.tree_map(lambda a, b: 0.9 * a + 0.1 * b, m, g)
    v = jax.tree_util.tree_map(lambda a, b: 0.999 * a + 0.001 * b**2, v, g)
    step = jax.tree_util.tree_map(
        lambda a, b: lr * (a / (1 - 0.9**t)) / (jnp.sqrt(b / (1 - 0.999**t)) + 1e-8), m, v)
    hyp = jax.tree_util.tree_map(lambda p, s: p - s, hyp, step)
    return hyp, m, v, nll, parts


def tune(n_iter=100):
    x, y = stage_record(jax.random.PRNGKey(1))
    hyp = {"log_ell": jnp.float32(0.0), "log_sf": jnp.float32(0.0), "log_sn": jnp.float32(-1.0)}
    m = jax.tree_util.tree_map(jnp.zeros_like, hyp)
    v = jax.tree_util.tree_map(jnp.zeros_like, hyp)
    for t in range(1, n_iter + 1):
        hyp, m, v, nll, parts = adam_step(hyp, m, v, t, x, y)
    return hyp, nll


def main():
    hyp, nll = tune()
    print({k: float(jnp.exp(v)) for k, v in hyp.items()}, "nll", float(nll))


if __name__ == "__main__":
    main()
