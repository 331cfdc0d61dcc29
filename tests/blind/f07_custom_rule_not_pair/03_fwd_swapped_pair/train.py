import jax
import jax.numpy as jnp

from distances import softmin_distance


def cluster_loss(protos, points):
    return jnp.mean(softmin_distance(points, protos))


def main(steps=10):
    points = jax.random.normal(jax.random.key(0), (30, 2))
    protos = jnp.array([[2.0, 2.0], [-2.0, -2.0]])
    for _ in range(steps):
        protos = protos - 0.2 * jax.grad(cluster_loss)(protos, points)
    final = float(cluster_loss(protos, points))
    print(final)
    return final


if __name__ == "__main__":
    main()
