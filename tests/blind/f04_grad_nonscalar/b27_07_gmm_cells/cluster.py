"""Cluster flow-cytometry events (log fluorescence in three channels) by maximum likelihood."""
import jax
import jax.numpy as jnp

from mixture import DiagGaussianMixture


def nll(model, events):
    return -jnp.mean(model.log_prob(events), axis=0)


@jax.jit
def sgd_step(model, events, lr=0.05):
    value, grads = jax.value_and_grad(nll)(model, events)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, model, grads), value


def synthetic_events(key, n=300):
    k1, k2 = jax.random.split(key)
    centers = jnp.array([[1.0, 1.0, 2.0], [3.0, 0.5, 1.0], [2.0, 3.0, 0.5]])
    labels = jax.random.randint(k1, (n,), 0, 3)
    return centers[labels] + 0.3 * jax.random.normal(k2, (n, 3))


def main():
    events = synthetic_events(jax.random.key(0))
    model = DiagGaussianMixture.init(jax.random.key(1), 3, 3)
    for _ in range(100):
        model, value = sgd_step(model, events)
    print("nll", float(value))
    print(model.means)


if __name__ == "__main__":
    main()
