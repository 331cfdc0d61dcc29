import jax.numpy as jnp

from optimizer import solve


def assets():
    mean = jnp.array([0.05, 0.07, 0.03, 0.09])
    vol = jnp.array([0.12, 0.18, 0.06, 0.25])
    corr = jnp.full((4, 4), 0.3) + 0.7 * jnp.eye(4)
    return mean, corr * vol[:, None] * vol[None, :]


def main():
    mean, cov = assets()
    w = solve(mean, cov)
    print("weights:", w, "cash:", float(1.0 - w.sum()))


if __name__ == "__main__":
    main()
