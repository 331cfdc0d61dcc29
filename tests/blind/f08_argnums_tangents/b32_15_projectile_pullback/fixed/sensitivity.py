"""Part B, question 3: how sensitive is the range to the launch speed and angle?

We use reverse mode (jax.vjp), like loss.backward() in the PyTorch tutorial.
"""
import jax
import jax.numpy as jnp

from projectile import flight


def range_sensitivity(v0, angle):
    (rng, height), pullback = jax.vjp(flight, v0, angle)
    # seed 1 for the range, 0 for the height
    d_v0, d_angle = pullback((jnp.ones_like(rng), jnp.zeros_like(height)))
    return rng, d_v0, d_angle


def main():
    for deg in (30.0, 45.0, 60.0):
        rng, d_v0, d_angle = range_sensitivity(20.0, jnp.deg2rad(deg))
        print(f"angle {deg:4.0f} deg: range {float(rng):6.2f} m, "
              f"dR/dv0 {float(d_v0):6.3f} s, dR/dangle {float(d_angle):7.3f} m/rad")
    return rng, d_v0, d_angle


if __name__ == "__main__":
    main()
