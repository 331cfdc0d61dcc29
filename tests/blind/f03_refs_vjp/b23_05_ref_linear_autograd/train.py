import jax
import jax.numpy as jnp

from autograd import backward, sgd_step
from nn import Linear


def main(steps=25, lr=0.1):
    x = jax.random.normal(jax.random.key(0), (32, 3))
    target = x @ jnp.array([[1.0], [-2.0], [0.5]]) + 0.3
    layer = Linear(jax.random.key(1), 3, 1)
    for _ in range(steps):
        loss, grads = backward(layer, x, target)
        sgd_step(layer, grads, lr)
    print("loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
