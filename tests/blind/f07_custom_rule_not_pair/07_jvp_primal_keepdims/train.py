import jax
import jax.numpy as jnp

from entropy import row_entropy


def confidence_penalty(logits, beta=0.1):
    return -beta * jnp.mean(row_entropy(logits))


def main():
    logits = jnp.array([[2.0, 0.0, -1.0], [0.5, 0.5, 0.4]])
    g = jax.grad(confidence_penalty)(logits)
    print(g)
    return g


if __name__ == "__main__":
    main()
