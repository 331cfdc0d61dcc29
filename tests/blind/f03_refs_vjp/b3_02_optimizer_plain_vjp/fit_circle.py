"""Fit a circle (centre and radius) to noisy points with the momentum optimizer."""
import jax
import jax.numpy as jnp

from optim import Momentum


def circle_loss(params_ref, points):
    p = params_ref[...]
    centre, radius = p[:2], p[2]
    dist = jnp.linalg.norm(points - centre, axis=-1)
    return jnp.mean((dist - radius) ** 2)


def main():
    angles = jnp.linspace(0.0, 2 * jnp.pi, 40, endpoint=False)
    points = jnp.stack([1.0 + 2.0 * jnp.cos(angles), -0.5 + 2.0 * jnp.sin(angles)], axis=1)
    points = points + 0.02 * jax.random.normal(jax.random.PRNGKey(0), points.shape)
    params = jax.new_ref(jnp.array([0.0, 0.0, 1.0]))
    opt = Momentum(params)
    for _ in range(100):
        loss = opt.step(circle_loss, points)
    print("centre and radius", params[...], "loss", float(loss))
    return params[...]


if __name__ == "__main__":
    main()
