"""Estimate site abundances by gradient descent inside a scanned loop."""
import jax
import jax.numpy as jnp
from jax import lax

from likelihood import make_nll
from survey import simulate_counts, starting_abundance


def estimate(n_iter=200, lr=0.02, seed=3):
    counts = simulate_counts(jax.random.PRNGKey(seed))
    nll = make_nll(counts)

    def body(lam, _):
        value, g = jax.value_and_grad(nll)(lam)
        return jnp.maximum(lam - lr * g, 1e-3), value

    lam0 = starting_abundance(counts)
    lam, trace = lax.scan(body, lam0, None, length=n_iter)
    return lam, trace


def main():
    lam, trace = estimate()
    print("abundance", jnp.round(lam, 2), "nll", float(trace[-1]))


if __name__ == "__main__":
    main()
