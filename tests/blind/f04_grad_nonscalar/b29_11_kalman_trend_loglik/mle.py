import jax
import jax.numpy as jnp
import numpy as np

from trend_model import local_linear_trend, noise_matrices


def gauge_record(T=200, seed=0):
    rng = np.random.default_rng(seed)
    slope = np.cumsum(0.01 * rng.standard_normal(T))
    level = np.cumsum(slope + 0.1 * rng.standard_normal(T))
    return jnp.asarray(level + 0.5 * rng.standard_normal(T), dtype=jnp.float32)


def negative_log_likelihood(log_params, ys, kf):
    Q, R = noise_matrices(log_params)
    loglik, _ = kf.filter(ys, Q, R)
    return -loglik


def fit(ys, iters=100, lr=1e-3):
    kf = local_linear_trend()
    log_params = jnp.log(jnp.array([0.05, 0.001, 1.0]))
    grad_nll = jax.jit(jax.grad(negative_log_likelihood), static_argnums=2)
    for _ in range(iters):
        log_params = log_params - lr * grad_nll(log_params, ys, kf)
    return log_params


def main():
    ys = gauge_record()
    log_params = fit(ys)
    print("noise std devs", np.sqrt(np.exp(np.asarray(log_params))))


if __name__ == "__main__":
    main()
