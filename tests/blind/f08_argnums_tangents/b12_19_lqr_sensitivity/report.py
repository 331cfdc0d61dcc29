"""Print the norm of each sensitivity of the closed-loop cost."""
import jax
import jax.numpy as jnp

from lqr.plant import cartpole, rollout_cost
from lqr.sensitivity import SENSITIVITIES

GAIN = jnp.array([[-1.0, -2.6, -38.0, -7.5]])


def sensitivities(K=GAIN):
    A, B = cartpole()
    Q = jnp.diag(jnp.array([1.0, 0.1, 10.0, 0.1]))
    R = 0.1 * jnp.eye(1)
    out = {}
    for name, argnum in SENSITIVITIES.items():
        grad_fn = jax.grad(rollout_cost, argnums=argnum)
        out[name] = grad_fn(K, A, B, Q=Q, R=R)
    return out


def main():
    for name, g in sensitivities().items():
        print(f"{name:>12}: |d cost| = {float(jnp.linalg.norm(g)):.3f}")


if __name__ == "__main__":
    main()
