"""Select marker genes that predict a phenotype from expression profiles."""
import jax
import jax.numpy as jnp

from genesel.layers import GatedLinear, GatedLinearConfig

N_CELLS, N_GENES = 200, 30
layer = GatedLinear(GatedLinearConfig(n_genes=N_GENES))


def expression_data(key):
    kx, kn = jax.random.split(key)
    x = jax.random.normal(kx, (N_CELLS, N_GENES))
    y = 1.5 * x[:, 2] - 2.0 * x[:, 7] + 0.1 * jax.random.normal(kn, (N_CELLS,))
    return x, y


def objective(params, x, y):
    return jnp.mean((layer(params, x) - y) ** 2) + layer.penalty(params)


def fit(steps=150, lr=0.05):
    params = layer.init(jax.random.key(4))
    x, y = expression_data(jax.random.key(5))
    update = jax.jit(jax.grad(objective))
    for _ in range(steps):
        grads = update(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, objective(params, x, y)


def main():
    params, value = fit()
    top = jnp.argsort(-jnp.abs(params["gate"] * params["w"]))[:3]
    print("top genes", top, "objective", float(value))


if __name__ == "__main__":
    main()
