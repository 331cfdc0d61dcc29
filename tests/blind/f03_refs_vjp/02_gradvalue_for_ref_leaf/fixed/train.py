import jax
import jax.numpy as jnp

from layer import squared_error


def gradients(kernel_ref, bias, x, y):
    err, pullback = jax.vjp(squared_error, kernel_ref, bias, x, y)
    k_grad = jax.new_ref(jnp.zeros_like(kernel_ref[...]))
    wanted = (k_grad, jax.ad.GradValue(), jax.ad.DontWant(), jax.ad.DontWant())
    _, b_ct, _, _ = pullback.with_refs(*wanted)(jnp.ones_like(err))
    return err, k_grad[...], b_ct


def main():
    kernel_ref = jax.new_ref(jnp.full((2, 2), 0.5))
    bias = jnp.zeros(2)
    x = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    y = jnp.array([[0.5, -0.5], [0.0, 0.2], [0.4, 0.1]])
    err, k_ct, b_ct = gradients(kernel_ref, bias, x, y)
    print(err, k_ct, b_ct)
    return k_ct, b_ct


if __name__ == "__main__":
    main()
