"""Fit stimulus filters of a Poisson GLM to binned spike counts."""
import jax
import jax.numpy as jnp

from glm import FitConfig, get_loss


def make_objective(cfg: FitConfig):
    nll = get_loss(cfg.observation, **cfg.loss_kwargs())

    def objective(params, stimulus, counts):
        log_rate = stimulus @ params["filters"] + params["bias"] + jnp.log(1000.0)
        penalty = cfg.l2 * jnp.sum(params["filters"] ** 2)
        return nll(log_rate, counts) + penalty

    return objective


def fit(cfg: FitConfig, stimulus, counts):
    n_features, n_cells = stimulus.shape[1], counts.shape[1]
    params = {"filters": jnp.zeros((n_features, n_cells)), "bias": jnp.zeros((n_cells,))}
    objective = make_objective(cfg)
    grad_fn = jax.jit(jax.value_and_grad(objective))
    for _ in range(cfg.steps):
        value, grads = grad_fn(params, stimulus, counts)
        params = jax.tree.map(lambda p, g: p - cfg.learning_rate * g, params, grads)
    return params, value


def simulate(key, n_bins=400, n_features=8, n_cells=4):
    k1, k2, k3 = jax.random.split(key, 3)
    stimulus = jax.random.normal(k1, (n_bins, n_features))
    true_filters = 0.5 * jax.random.normal(k2, (n_features, n_cells))
    rate = jnp.exp(stimulus @ true_filters + jnp.log(20.0)) * 0.005
    counts = jax.random.poisson(k3, rate).astype(jnp.float32)
    return stimulus, counts


def main():
    stimulus, counts = simulate(jax.random.PRNGKey(0))
    params, value = fit(FitConfig(), stimulus, counts)
    print("final objective", float(value))


if __name__ == "__main__":
    main()
