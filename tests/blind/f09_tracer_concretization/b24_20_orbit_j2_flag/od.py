"""Orbit determination: refine the initial velocity from a pass of position fixes."""
import jax
import jax.numpy as jnp

from forces import ForceModel
from propagate import propagate

N_FIXES = 60
R0 = jnp.array([6778.0, 0.0, 0.0])


def fixes(fm, key):
    v_true = jnp.array([0.0, 5.2, 5.6])
    truth = propagate(jnp.concatenate([R0, v_true]), fm, N_FIXES)
    return truth + 0.05 * jax.random.normal(key, truth.shape)


def misfit(v0, observed, fm):
    pos = propagate(jnp.concatenate([R0, v0]), fm, N_FIXES)
    return jnp.mean(jnp.sum((pos - observed) ** 2, axis=1))


def determine(observed, fm, iters=100, lr=1e-7):
    v0 = jnp.array([0.0, 5.0, 5.8])
    grad = jax.grad(misfit)
    for _ in range(iters):
        v0 = v0 - lr * grad(v0, observed, fm)
    return v0


def main():
    fm = ForceModel()
    observed = fixes(fm, jax.random.key(0))
    v0 = determine(observed, fm)
    print("v0 =", v0, "misfit %.3f km^2" % misfit(v0, observed, fm))
    return v0


if __name__ == "__main__":
    main()
