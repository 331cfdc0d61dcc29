"""Run annealed variational inference."""
import jax
import jax.numpy as jnp

from vi.config import RunConfig
from vi.elbo import elbo


def run(cfg, x, y):
    mu, log_sigma = jnp.zeros(x.shape[1]), jnp.full(x.shape[1], -1.0)
    grad_fn = jax.grad(elbo, argnums=cfg.diff_argnums)
    key = jax.random.PRNGKey(0)
    for epoch in range(cfg.steps):
        key, sub = jax.random.split(key)
        g_mu, g_ls = grad_fn(mu, x, epoch, log_sigma, y, sub, cfg.anneal_steps)
        mu, log_sigma = mu - cfg.lr * g_mu, log_sigma - cfg.lr * g_ls
    return mu, log_sigma


def main():
    x = jax.random.normal(jax.random.PRNGKey(5), (50, 2))
    y = x @ jnp.array([0.7, -1.2])
    print(run(RunConfig(), x, y))


if __name__ == "__main__":
    main()
