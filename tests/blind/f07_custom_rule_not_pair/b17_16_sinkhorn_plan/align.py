"""Align two point clouds by gradient descent on an entropic OT cost."""
import jax
import jax.numpy as jnp

from ot import transport_cost


def pairwise_sq(x, y):
    return jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)


def alignment_loss(shift, src, dst, eps=0.5):
    cost = pairwise_sq(src + shift, dst)
    a = jnp.full(src.shape[0], 1.0 / src.shape[0])
    b = jnp.full(dst.shape[0], 1.0 / dst.shape[0])
    return transport_cost(cost, a, b, eps)


def main():
    key = jax.random.PRNGKey(0)
    src = jax.random.normal(key, (20, 2))
    dst = src + jnp.array([1.5, -0.5])
    shift = jnp.zeros(2)
    loss_grad = jax.jit(jax.value_and_grad(alignment_loss))
    for _ in range(20):
        loss, g = loss_grad(shift, src, dst)
        shift = shift - 0.2 * g
    print("shift", shift, "cost", loss)


if __name__ == "__main__":
    main()
