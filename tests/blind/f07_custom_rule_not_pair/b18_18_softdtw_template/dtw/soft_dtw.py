"""Soft-DTW distance between a learnable template and a batch of sequences."""
import jax
import jax.numpy as jnp

from dtw.pool import softmin


def soft_dtw(a, b, tau=0.1):
    cost = (a[:, None] - b[None, :]) ** 2
    n, m = cost.shape
    r = jnp.full((n + 1, m + 1), 1e6).at[0, 0].set(0.0)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            prev = jnp.stack([r[i - 1, j], r[i, j - 1], r[i - 1, j - 1]])
            r = r.at[i, j].set(cost[i - 1, j - 1] + softmin(prev[None, :], tau)[0])
    return r[n, m]


def template_loss(template, batch):
    return jnp.mean(jax.vmap(soft_dtw, in_axes=(None, 0))(template, batch))


def main():
    t = jnp.linspace(0, 1, 6)
    batch = jnp.stack([jnp.sin(6 * t + p) for p in (0.0, 0.3, 0.6)])
    template = jnp.zeros(6)
    g = jax.jit(jax.grad(template_loss))(template, batch)
    print(g)


if __name__ == "__main__":
    main()
