"""Ridge-regression direct forecaster with a nonlinear feature map."""
import jax.numpy as jnp


def features(x):
    return jnp.concatenate([x, jnp.tanh(x - x.mean()), jnp.ones(1)])


def fit(xs, ys, ridge):
    phi = jnp.stack([features(x) for x in xs])
    a = phi.T @ phi + ridge * jnp.eye(phi.shape[1])
    return jnp.linalg.solve(a, phi.T @ ys)


def make_forecaster(w):
    return lambda window: features(window) @ w
