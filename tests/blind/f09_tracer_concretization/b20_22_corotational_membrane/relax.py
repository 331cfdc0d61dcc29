"""Stretch and twist a square membrane, then relax the free nodes by gradient descent."""
import jax
import jax.numpy as jnp
import numpy as np

from material import CorotationalMembrane


def square_mesh(n=6):
    g = np.linspace(0.0, 1.0, n)
    pts = np.stack(np.meshgrid(g, g, indexing="xy"), -1).reshape(-1, 2)
    tris = []
    for j in range(n - 1):
        for i in range(n - 1):
            p = j * n + i
            tris += [[p, p + 1, p + n + 1], [p, p + n + 1, p + n]]
    return jnp.asarray(pts, jnp.float32), jnp.asarray(tris)


def main(iterations=200, lr=0.002):
    rest, tris = square_mesh()
    body = CorotationalMembrane(rest, tris)
    theta = 0.6
    rot = jnp.array([[jnp.cos(theta), -jnp.sin(theta)], [jnp.sin(theta), jnp.cos(theta)]])
    x = (rest * jnp.array([1.3, 1.0])) @ rot.T
    pinned = (rest[:, 0] == 0.0) | (rest[:, 0] == 1.0)
    forces = jax.jit(jax.grad(body.energy))
    e0 = float(body.energy(x))
    for _ in range(iterations):
        x = x - lr * jnp.where(pinned[:, None], 0.0, forces(x))
    e1 = float(body.energy(x))
    print(f"elastic energy {e0:.4f} -> {e1:.4f}")
    return e0, e1


if __name__ == "__main__":
    main()
