import jax
import jax.numpy as jnp

from kernels import gelu_erf


class FeedForward:
    def __init__(self, w_in, w_out):
        self.w_in, self.w_out = w_in, w_out

    def __call__(self, x):
        return gelu_erf(x @ self.w_in) @ self.w_out


def loss(weights, x):
    ff = FeedForward(*weights)
    return jnp.mean(ff(x) ** 2)


def main():
    weights = (jnp.full((4, 6), 0.1), jnp.full((6, 2), 0.2))
    x = jnp.linspace(-1, 1, 8).reshape(2, 4)
    grads = jax.grad(loss)(weights, x)
    print([g.dtype for g in grads])
    return grads


if __name__ == "__main__":
    main()
