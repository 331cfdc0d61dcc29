import jax
import jax.numpy as jnp

from losses import cross_entropy


def main():
    logits = jnp.array([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]])
    temperature = jnp.full((3,), 1.5)
    labels = jnp.array([0, 2])
    g_logits, g_temp = jax.grad(cross_entropy, argnums=(0, 1))(logits, temperature, labels)
    print(g_logits)
    return g_logits, g_temp


if __name__ == "__main__":
    main()
