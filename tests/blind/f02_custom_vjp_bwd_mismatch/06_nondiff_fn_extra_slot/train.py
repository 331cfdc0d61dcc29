import jax
import jax.numpy as jnp

from model import equilibrium_loss


def main():
    theta = 0.3 * jnp.eye(3)
    target = jnp.array([0.2, 0.1, 0.0])
    g = jax.grad(equilibrium_loss)(theta, target)
    print(g)
    return g


if __name__ == "__main__":
    main()
