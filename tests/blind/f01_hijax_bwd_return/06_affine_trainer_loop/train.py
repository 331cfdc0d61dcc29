import jax
import jax.numpy as jnp

from trainer import LinearTrainer


def main(steps=10):
    x = jax.random.normal(jax.random.key(3), (64, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]]) + 0.3
    trainer = LinearTrainer(3, 1)
    losses = [float(trainer.step(x, y)) for _ in range(steps)]
    print(losses[0], losses[-1])
    return losses


if __name__ == "__main__":
    main()
