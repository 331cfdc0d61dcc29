import jax
import jax.numpy as jnp

from fit import misfit


def main():
    params = {"k": jnp.array([0.5, 1.0, 2.0]), "c": jnp.array(0.1)}
    observed = jnp.array([0.3, 0.2, 0.1])
    for _ in range(3):
        grads = jax.grad(misfit)(params, observed)
        params = jax.tree.map(lambda p, g: p - 0.5 * g, params, grads)
    print(params)
    return params


if __name__ == "__main__":
    main()
