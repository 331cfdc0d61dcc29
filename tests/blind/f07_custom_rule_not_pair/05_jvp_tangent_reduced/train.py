import jax
import jax.numpy as jnp

from norms import row_norm


def margin_loss(emb, radius=1.0):
    return jnp.mean((row_norm(emb) - radius) ** 2)


def main():
    emb = jnp.array([[1.0, 0.0, 0.0], [0.0, 2.0, 1.0]])
    g = jax.grad(margin_loss)(emb)
    print(g)
    return g


if __name__ == "__main__":
    main()
