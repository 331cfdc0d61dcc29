"""Shooting method: find the elevation that lands the shell on a target."""
import jax
import jax.numpy as jnp

from ballistics import fly

MUZZLE_SPEED = 180.0  # m/s


def miss(angle, target_range):
    impact = fly(angle, MUZZLE_SPEED)
    return (impact.x - target_range) ** 2


@jax.jit
def newton_like_step(angle, target_range):
    m, g = jax.value_and_grad(miss)(angle, target_range)
    return angle - 2.0 * m / (g + 1e-6), m


def main(target_range=1500.0, iterations=8):
    angle = jnp.array(0.35)
    for _ in range(iterations):
        angle, m = newton_like_step(angle, target_range)
    print(f"elevation {float(jnp.degrees(angle)):.2f} deg, miss {float(jnp.sqrt(m)):.2f} m")
    return angle


if __name__ == "__main__":
    main()
