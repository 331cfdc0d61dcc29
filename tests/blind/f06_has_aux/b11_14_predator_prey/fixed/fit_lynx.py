"""Fit the four rates and the initial populations to (synthetic) pelt counts.

Converted from the analysis notebook; cells kept in order.
"""

import jax
import jax.numpy as jnp

from ecology.dynamics import integrate, trajectory_loss


def make_counts(n_years=21):
    theta_true = jnp.log(jnp.array([0.55, 0.028, 0.84, 0.026]))
    log_traj = integrate(theta_true, jnp.log(jnp.array([30.0, 4.0])), n_years)
    noise = 0.05 * jax.random.normal(jax.random.key(0), log_traj.shape)
    return jnp.exp(log_traj + noise)


def fit(counts, iters=150, lr=0.02):
    # --- cell: initial guess
    params = {
        "theta": jnp.log(jnp.array([0.5, 0.03, 0.8, 0.03])),
        "log_pop0": jnp.log(counts[0]),
    }
    history = []
    # --- cell: optimisation loop (plain gradient descent with a decaying step)
    for i in range(iters):
        loss, grads = jax.value_and_grad(trajectory_loss)(params, counts)
        step = lr / (1.0 + 0.01 * i)
        params = jax.tree.map(lambda p, g: p - step * g, params, grads)
        history.append(loss)
    # --- cell: report
    return params, jnp.stack(history)


def main():
    counts = make_counts()
    params, history = fit(counts)
    print("rates", jnp.exp(params["theta"]), "final loss", float(history[-1]))


if __name__ == "__main__":
    main()
