"""Train the circuit to prepare a target state by maximising the overlap."""
import jax
import jax.numpy as jnp

from gates import circuit

TARGET = jnp.array([1.0, 1.0j]) / jnp.sqrt(2.0)


def overlap(params, target=TARGET):
    return jnp.vdot(target, circuit(params))


def infidelity(params):
    return 1.0 - jnp.abs(overlap(params)) ** 2


def train(params, lr=0.2, steps=20):
    for _ in range(steps):
        params = params - lr * jax.grad(infidelity)(params)
    return params


def main():
    params = train(jnp.array([[0.1, 0.2], [0.3, -0.1]]))
    print("fidelity", jnp.abs(overlap(params)) ** 2)


if __name__ == "__main__":
    main()
