"""Fit SIR parameters to reported case counts by gradient descent on log counts."""
import jax
import jax.numpy as jnp

from sir import SIRParams, initial_params, trajectory


def loss(p: SIRParams, observed):
    pred = trajectory(p, days=observed.shape[0])
    return jnp.mean((jnp.log1p(pred) - jnp.log1p(observed))**2)


def fit(observed, steps=3, lr=1e-3):
    p = initial_params()
    for _ in range(steps):
        g = jax.grad(loss)(p, observed)
        p = SIRParams(*(a - lr * b for a, b in zip(p, g)))
    return p


def main():
    truth = SIRParams(jnp.array(0.3), jnp.array(0.08), jnp.array(5.0))
    observed = trajectory(truth, days=40)
    print(fit(observed))


if __name__ == "__main__":
    main()
