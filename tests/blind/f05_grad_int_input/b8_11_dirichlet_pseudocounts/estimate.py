"""Maximum-likelihood concentration of a Dirichlet-multinomial from survey data."""
import numpy as np
import jax
import jax.numpy as jnp

from model import DirichletMultinomial


def neg_log_lik(model, counts):
    return -jnp.mean(model.log_prob(counts))


def estimate(counts, labels, steps=3, lr=0.05):
    model = DirichletMultinomial.from_labels(labels, counts.shape[1])
    for _ in range(steps):
        value, grads = jax.value_and_grad(neg_log_lik)(model, counts)
        model = jax.tree_util.tree_map(
            lambda a, g: jnp.maximum(a - lr * g, 1e-3), model, grads
        )
    return model, value


def main():
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 4, size=200)
    counts = jnp.asarray(rng.multinomial(20, [0.1, 0.2, 0.3, 0.4], size=30), jnp.float32)
    model, value = estimate(counts, labels)
    print("concentration", model.concentration, "nll", float(value))


if __name__ == "__main__":
    main()
