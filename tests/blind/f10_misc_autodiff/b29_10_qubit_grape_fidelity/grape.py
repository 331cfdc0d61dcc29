import jax
import jax.numpy as jnp
import numpy as np

from fidelity import robust_infidelity
from spin import SX

X_GATE = -1j * SX


def optimise(n_slices=40, T=np.pi, iters=100, lr=0.5, seed=0):
    dt = T / n_slices
    detunings = jnp.linspace(-0.2, 0.2, 5)
    controls = 1.0 + 0.1 * jax.random.normal(jax.random.key(seed), (n_slices, 2))
    value_and_grad = jax.jit(jax.value_and_grad(robust_infidelity), static_argnums=3)
    for _ in range(iters):
        loss, g = value_and_grad(controls, X_GATE, detunings, dt)
        controls = controls - lr * g
    return controls, loss


def main():
    controls, loss = optimise()
    print("robust infidelity", float(loss))


if __name__ == "__main__":
    main()
