"""Total-variation denoising of a batch of noisy 1-D traces."""
import jax
import jax.numpy as jnp

from penalties import pseudo_huber

SETTINGS = {"lam": 0.3, "delta": 0.05, "lr": 0.1, "iters": 40}


def objective(u, y):
    fidelity = 0.5 * jnp.sum((u - y) ** 2)
    tv = jnp.sum(pseudo_huber(jnp.diff(u, axis=-1), SETTINGS["delta"]))
    return fidelity + SETTINGS["lam"] * tv


@jax.jit
def descend(u, y):
    return u - SETTINGS["lr"] * jax.grad(objective)(u, y)


def main():
    key = jax.random.PRNGKey(0)
    t = jnp.linspace(0, 1, 100)
    clean = jnp.stack([jnp.sign(jnp.sin(6 * t)), jnp.sign(jnp.cos(4 * t))])
    y = clean + 0.2 * jax.random.normal(key, clean.shape)
    u = y
    for _ in range(SETTINGS["iters"]):
        u = descend(u, y)
    print("residual", jnp.mean((u - clean) ** 2))


if __name__ == "__main__":
    main()
