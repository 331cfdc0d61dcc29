"""Train the heat-equation PINN with weighted loss terms."""
import jax
import jax.numpy as jnp

from pinn import LossTerms, init_mlp, loss_terms

WEIGHTS = LossTerms(pde=1.0, boundary=10.0, initial=10.0)


def weighted_loss(params, colloc, edges, x0, weights=WEIGHTS):
    terms = loss_terms(params, colloc, edges, x0)
    return jax.tree.map(lambda term, w: w * term, terms, weights)


def sample_points(key, n=256):
    k1, k2, k3 = jax.random.split(key, 3)
    colloc = jax.random.uniform(k1, (n, 2))
    t_edge = jax.random.uniform(k2, (n // 4,))
    edges = jnp.concatenate([jnp.stack([jnp.zeros_like(t_edge), t_edge], 1),
                             jnp.stack([jnp.ones_like(t_edge), t_edge], 1)])
    x0 = jax.random.uniform(k3, (n // 4,))
    return colloc, edges, x0


@jax.jit
def sgd_step(params, colloc, edges, x0, lr=2e-3):
    grads = jax.grad(weighted_loss)(params, colloc, edges, x0)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def main(steps=200):
    key = jax.random.key(0)
    params = init_mlp(key)
    colloc, edges, x0 = sample_points(jax.random.key(1))
    start = loss_terms(params, colloc, edges, x0)
    for _ in range(steps):
        params = sgd_step(params, colloc, edges, x0)
    end = loss_terms(params, colloc, edges, x0)
    print("initial-condition term:", float(start.initial), "->", float(end.initial))
    return start, end


if __name__ == "__main__":
    main()
