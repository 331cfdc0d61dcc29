"""Refine triangulated 3D points against their observations in four views."""

import jax
import jax.numpy as jnp

from ba import Camera, ReprojectionObjective, project


def scene(key, n_points=20):
    cams = [Camera.looking_at_origin(a) for a in (-0.4, -0.1, 0.2, 0.5)]
    k_pts, k_obs, k_init = jax.random.split(key, 3)
    truth = jax.random.uniform(k_pts, (n_points, 3), minval=-1.0, maxval=1.0)
    obs = jnp.stack([project(c, truth) for c in cams])
    obs = obs + 0.5 * jax.random.normal(k_obs, obs.shape)
    init = truth + 0.05 * jax.random.normal(k_init, truth.shape)
    return cams, obs, init


def refine(iters=10, lr=1e-4):
    cams, obs, points = scene(jax.random.key(2))
    objective = ReprojectionObjective(cams, obs)
    grad_fn = jax.jit(jax.grad(objective))
    for _ in range(iters):
        points = points - lr * grad_fn(points)
    return objective(points), points


def main():
    cost, points = refine()
    print("final cost", cost)


if __name__ == "__main__":
    main()
