"""Landweber deconvolution: x <- x + tau A^T (y - A x), with the adjoint from JAX."""
import jax
import jax.numpy as jnp

from optics import forward


def test_pattern(n=48):
    y, x = jnp.mgrid[0:n, 0:n]
    bars = ((x // 6) % 2 == 0) & (y > 8) & (y < 40)
    return jnp.where(bars, 150.0, 20.0)


def landweber(y, n_iter=60, tau=1.2):
    x = jnp.zeros_like(y)
    adjoint = jax.linear_transpose(forward, x)
    for _ in range(n_iter):
        (grad,) = adjoint(y - forward(x))
        x = x + tau * grad
    return x


def main(n_iter=60):
    truth = test_pattern()
    observed = forward(truth)
    restored = landweber(observed, n_iter=n_iter)
    err_blur = float(jnp.sqrt(jnp.mean((observed / 0.8 - truth) ** 2)))
    err_rest = float(jnp.sqrt(jnp.mean((restored - truth) ** 2)))
    print(f"rmse blurred {err_blur:.2f}, restored {err_rest:.2f}")
    return err_blur, err_rest


if __name__ == "__main__":
    main()
