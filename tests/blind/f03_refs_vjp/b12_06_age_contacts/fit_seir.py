"""Fit age-specific susceptibility to surveillance counts."""
import jax
import jax.numpy as jnp

from seir.model import Epi, poisson_nll, simulate
from seir.sensitivity import value_and_vjp_grads

CONTACTS = jnp.array([[6.0, 2.0, 0.5],
                      [2.0, 8.0, 1.5],
                      [0.5, 1.5, 3.0]]) / 10.0


def setup():
    contacts = jax.new_ref(CONTACTS)
    s0 = jnp.array([0.99, 0.995, 0.998])
    i0 = 1.0 - s0
    truth = Epi(jnp.log(jnp.array([0.3, 0.25, 0.2])), jnp.log(jnp.array(0.2)))
    observed = jnp.round(simulate(truth, contacts, s0, i0) * 1e4)
    return contacts, s0, i0, observed


def fit(n_steps=40, lr=2e-5):
    contacts, s0, i0, observed = setup()
    epi = Epi(jnp.log(jnp.full(3, 0.2)), jnp.log(jnp.array(0.2)))
    values = []
    for _ in range(n_steps):
        value, grads = value_and_vjp_grads(poisson_nll, epi, contacts, s0, i0, observed)
        epi = Epi(epi.log_beta - lr * grads[0].log_beta, epi.log_gamma)
        values.append(float(value))
    return epi, values


def main():
    epi, values = fit()
    print("nll", values[0], "->", values[-1], "beta", jnp.exp(epi.log_beta))


if __name__ == "__main__":
    main()
