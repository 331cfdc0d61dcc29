"""Attenuation tomography: recover a 1-D absorption profile from line integrals."""
import jax
import jax.numpy as jnp

from telemetry import HISTORY, report


def forward(mu, paths):
    return paths @ jnp.exp(mu)


@report("tomography/misfit")
def misfit(mu, paths, measured, smooth=1e-2):
    resid = forward(mu, paths) - measured
    return 0.5 * jnp.sum(resid**2) + smooth * jnp.sum(jnp.diff(mu) ** 2)


@jax.jit
def update(mu, paths, measured, lr=1e-3):
    return mu - lr * jax.grad(misfit)(mu, paths, measured)


def reconstruct(n_iter=4):
    paths = jax.random.uniform(jax.random.PRNGKey(0), (30, 12))
    truth = jnp.log(1.0 + jnp.sin(jnp.linspace(0, 3, 12)) ** 2)
    measured = forward(truth, paths)
    mu = jnp.zeros(12)
    for _ in range(n_iter):
        mu = update(mu, paths, measured)
    return mu


def main():
    mu = reconstruct()
    print("profile", mu)
    print("logged", HISTORY.get("tomography/misfit"))


if __name__ == "__main__":
    main()
