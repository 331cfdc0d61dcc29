"""Super-resolve a low-resolution frame by Landweber iterations."""
import jax
import jax.numpy as jnp

from operators import FACTOR, blur_decimate, make_adjoint


def landweber(measured, n_iters=50, step=1.0):
    hr_shape = (measured.shape[0] * FACTOR, measured.shape[1] * FACTOR)
    adjoint = make_adjoint(blur_decimate, hr_shape)
    x = jnp.zeros(hr_shape)
    for _ in range(n_iters):
        x = x + step * adjoint(measured - blur_decimate(x))
    return x


def striped_scene(n=32):
    yy, xx = jnp.mgrid[0:n, 0:n] / n
    return (jnp.sin(6 * xx) * jnp.cos(4 * yy) > 0).astype(jnp.float32)


def main():
    truth = striped_scene()
    measured = blur_decimate(truth)
    x = landweber(measured)
    print("data misfit", float(jnp.linalg.norm(blur_decimate(x) - measured)))
    print("reconstruction error", float(jnp.linalg.norm(x - truth) / jnp.linalg.norm(truth)))


if __name__ == "__main__":
    main()
