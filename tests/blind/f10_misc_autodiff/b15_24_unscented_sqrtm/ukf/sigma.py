"""Sigma points and weights of the scaled unscented transform."""
import jax
import jax.numpy as jnp


def _eigh_sqrt(cov):
    w, v = jnp.linalg.eigh(cov)
    return (v * jnp.sqrt(jnp.clip(w, 0.0))) @ v.T


SQRT_METHODS = {
    "cholesky": jnp.linalg.cholesky,
    "eigh": _eigh_sqrt,
    "principal": jax.scipy.linalg.sqrtm,
}


def sigma_points(mean, cov, cfg):
    n = mean.shape[0]
    lam = cfg.alpha**2 * (n + cfg.kappa) - n
    root = jnp.real(SQRT_METHODS[cfg.sqrt_method]((n + lam) * cov))
    offsets = jnp.concatenate([root.T, -root.T])
    points = jnp.concatenate([mean[None], mean + offsets])
    w_m = jnp.full(2 * n + 1, 0.5 / (n + lam)).at[0].set(lam / (n + lam))
    w_c = w_m.at[0].add(1.0 - cfg.alpha**2 + cfg.beta)
    return points, w_m, w_c


def unscented_transform(fn, mean, cov, cfg):
    points, w_m, w_c = sigma_points(mean, cov, cfg)
    ys = jax.vmap(fn)(points)
    y_mean = w_m @ ys
    dy = ys - y_mean
    return y_mean, (w_c[:, None] * dy).T @ dy
