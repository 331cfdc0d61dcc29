"""Tutorial exercise: learn an affine feature map whose outputs look standard normal."""
import jax
import jax.numpy as jnp

from stats import batch_stats

LR = 0.01


def moment_loss(W, x):
    z = x @ W
    s = batch_stats(z)
    return jnp.sum(s.mean ** 2) + jnp.sum((s.std - 1.0) ** 2)


def main():
    x = 1.0 + 2.0 * jax.random.normal(jax.random.key(0), (256, 3))
    W = jnp.eye(3)
    for step in range(100):
        loss, g = jax.value_and_grad(moment_loss)(W, x)
        W = W - LR * g
        if step % 25 == 0:
            print("step", step, "loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
