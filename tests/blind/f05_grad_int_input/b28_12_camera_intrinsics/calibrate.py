import jax
import jax.numpy as jnp
import numpy as np

from camera import default_intrinsics, project

# checkerboard corners in the camera frame (metres) and their detected pixels
_rng = np.random.default_rng(11)
gx, gy = np.meshgrid(np.arange(9) * 0.025 - 0.1, np.arange(6) * 0.025 - 0.06)
BOARD = np.stack([gx.ravel(), gy.ravel(), np.full(gx.size, 0.6)], axis=-1)
TRUE = {"focal": jnp.array([1010.0, 1005.0]), "center": jnp.array([652.3, 351.8]),
        "dist": jnp.array([-0.12, 0.03])}
PIXELS = np.asarray(project(TRUE, jnp.asarray(BOARD, jnp.float32))) + _rng.normal(0, 0.3, (BOARD.shape[0], 2))


def reprojection_error(intrinsics, board, pixels):
    return jnp.mean(jnp.sum((project(intrinsics, board) - pixels) ** 2, axis=-1))


def calibrate(n_iter=500):
    intr = default_intrinsics()
    board = jnp.asarray(BOARD, jnp.float32)
    pixels = jnp.asarray(PIXELS, jnp.float32)
    scales = {"focal": 2.0, "center": 0.2, "dist": 1e-5}
    for i in range(n_iter):
        err, g = jax.value_and_grad(reprojection_error)(intr, board, pixels)
        intr = {k: intr[k] - scales[k] * g[k] for k in intr}
        if i % 100 == 0:
            print(f"iter {i}: rms reprojection error {float(jnp.sqrt(err)):.2f} px")
    return intr


def main():
    intr = calibrate()
    for k, v in intr.items():
        print(k, np.round(np.asarray(v), 3))
    return intr


if __name__ == "__main__":
    main()
