import jax
import jax.numpy as jnp

from optics import image_distance


def sensitivity_to_focal_length(params):
    direction = jnp.array([1, 0])
    _, d_img = jax.jvp(image_distance, (params,), (direction,))
    return d_img


def main():
    params = jnp.array([0.05, 2.0])
    s = sensitivity_to_focal_length(params)
    print(s)
    return s


if __name__ == "__main__":
    main()
