"""Choose the input covariance of a pendulum sensor model so that the unscented
transform reproduces the output moments observed in Monte Carlo runs."""
import jax
import jax.numpy as jnp

from ukf.config import UTConfig
from ukf.sigma import unscented_transform

MEAN = jnp.array([0.3, -0.2])


def sensor(state):
    angle, rate = state
    return jnp.stack([jnp.sin(angle), rate * jnp.cos(angle)])


def covariance(log_diag, off):
    chol = jnp.diag(jnp.exp(log_diag)).at[1, 0].set(off)
    return chol @ chol.T + 1e-6 * jnp.eye(2)


def moment_loss(params, target_mean, target_cov, cfg):
    cov = covariance(params["log_diag"], params["off"])
    y_mean, y_cov = unscented_transform(sensor, MEAN, cov, cfg)
    return jnp.sum((y_mean - target_mean) ** 2) + jnp.sum((y_cov - target_cov) ** 2)


def monte_carlo_targets(key, n=20000):
    true_cov = covariance(jnp.log(jnp.array([0.2, 0.1])), 0.05)
    xs = jax.random.multivariate_normal(key, MEAN, true_cov, (n,))
    ys = jax.vmap(sensor)(xs)
    return jnp.mean(ys, axis=0), jnp.cov(ys.T)


def calibrate(cfg=UTConfig(), iters=100, lr=0.5):
    target_mean, target_cov = monte_carlo_targets(jax.random.key(0))
    params = {"log_diag": jnp.log(jnp.array([0.5, 0.5])), "off": jnp.float32(0.0)}
    grad_fn = jax.jit(jax.grad(moment_loss), static_argnums=3)
    for _ in range(iters):
        grads = grad_fn(params, target_mean, target_cov, cfg)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, moment_loss(params, target_mean, target_cov, cfg)


def main():
    params, value = calibrate()
    print("std", jnp.exp(params["log_diag"]), "loss", float(value))


if __name__ == "__main__":
    main()
