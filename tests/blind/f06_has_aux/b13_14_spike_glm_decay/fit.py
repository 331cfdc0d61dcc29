import jax
import jax.numpy as jnp

from glm.poisson import poisson_nll
from glm.regularizers import add_weight_decay

objective = add_weight_decay(poisson_nll, lam=1e-2)


def fit(stimulus, counts, steps=200, lr=0.1):
    params = {"filters": jnp.zeros(stimulus.shape[1]), "baseline": jnp.array(0.0)}
    value_and_grad = jax.jit(jax.value_and_grad(objective, has_aux=True))
    for _ in range(steps):
        (loss, stats), grads = value_and_grad(params, stimulus, counts)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, stats


def main(steps=200):
    ks, kc = jax.random.split(jax.random.key(4))
    stimulus = jax.random.normal(ks, (500, 8))
    true_filter = jnp.array([0.6, 0.3, 0.1, 0.0, -0.1, -0.2, 0.0, 0.0])
    counts = jax.random.poisson(kc, jnp.exp(stimulus @ true_filter - 0.5)).astype(jnp.float32)
    params, stats = fit(stimulus, counts, steps=steps)
    print("filter", params["filters"].round(2), "deviance", float(stats["deviance"]))
    return stats["deviance"]


if __name__ == "__main__":
    main()
