import jax
import jax.numpy as jnp

import bilinear  # noqa: F401  (registers the kernel)
from kernels import get_kernel


def make_loss(kernel_name):
    score = get_kernel(kernel_name)

    def loss(w, x, target):
        return jnp.mean((score(x, w) - target) ** 2)

    return loss


def main(steps=30, lr=0.02):
    x = jax.random.normal(jax.random.key(0), (40, 4))
    w_true = jnp.diag(jnp.array([1.0, -0.5, 0.3, 2.0]))
    target = jnp.einsum("nd,de,ne->n", x, w_true, x)
    loss = make_loss("bilinear_score")
    w = jnp.zeros((4, 4))
    for _ in range(steps):
        value, g = jax.value_and_grad(loss)(w, x, target)
        w = w - lr * g
    print(f"loss {float(value):.4f}")
    return float(value)


if __name__ == "__main__":
    main()
