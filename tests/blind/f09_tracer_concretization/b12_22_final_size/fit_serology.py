"""Estimate transmissibility and relative susceptibility from serology by gradient descent."""
import jax
import jax.numpy as jnp

from outbreak.serology import neg_log_lik

CONTACTS = jnp.array([[1.2, 0.4, 0.1],
                      [0.4, 0.9, 0.3],
                      [0.1, 0.3, 0.6]])
TESTED = jnp.array([400.0, 600.0, 300.0])
POSITIVES = jnp.array([212.0, 240.0, 66.0])


def fit(n_steps=150, lr=2e-4):
    log_params = [jnp.array(0.5), jnp.array(0.0), jnp.array(0.0), jnp.array(0.0)]
    grad_fn = jax.jit(jax.value_and_grad(neg_log_lik))
    history = []
    for _ in range(n_steps):
        value, g = grad_fn(log_params, CONTACTS, POSITIVES, TESTED)
        log_params = [p - lr * d for p, d in zip(log_params, g)]
        history.append(float(value))
    return log_params, history


def main():
    log_params, history = fit()
    print("nll", history[0], "->", history[-1], "R scale", float(jnp.exp(log_params[0])))


if __name__ == "__main__":
    main()
