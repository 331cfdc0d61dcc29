"""Unrolled ISTA: learn the dictionary step matrix of a sparse coder end to end."""
import jax
import jax.numpy as jnp
from jax import lax

from prox import soft_threshold

N_ITERS = 8
LAM = 0.1


def encode(W, D, ys):
    """Codes for a batch of signals (one per row of `ys`)."""
    def body(z, _):
        z = soft_threshold(z + (ys - z @ D.T) @ W.T, LAM)
        return z, None

    z0 = jnp.zeros((ys.shape[0], D.shape[1]))
    z, _ = lax.scan(body, z0, None, length=N_ITERS)
    return z


def loss(W, D, ys, zs):
    return jnp.mean((encode(W, D, ys) - zs) ** 2)


@jax.jit
def train_step(W, D, ys, zs):
    value, grad = jax.value_and_grad(loss)(W, D, ys, zs)
    return W - 0.5 * grad, value


def make_problem(key, n_atoms=12, dim=8, batch=16):
    k1, k2, k3 = jax.random.split(key, 3)
    D = jax.random.normal(k1, (dim, n_atoms)) / jnp.sqrt(dim)
    mask = jax.random.bernoulli(k2, 0.25, (batch, n_atoms))
    zs = mask * jax.random.normal(k3, (batch, n_atoms))
    ys = zs @ D.T
    return D, ys, zs


def main():
    D, ys, zs = make_problem(jax.random.key(0))
    W = 0.2 * D.T
    for _ in range(10):
        W, value = train_step(W, D, ys, zs)
    print("code error", float(value))


if __name__ == "__main__":
    main()
