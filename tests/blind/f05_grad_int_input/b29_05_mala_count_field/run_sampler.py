import jax
import jax.numpy as jnp

from count_field import PoissonRandomWalk
from mala import make_mala, run_chain


def sample_posterior(model, n_samples=500, step_size=0.05, seed=0):
    kernel = make_mala(model.log_prob, step_size)
    return run_chain(kernel, model.initial_state(), jax.random.key(seed), n_samples)


def main():
    model = PoissonRandomWalk.simulate()
    samples, accepted = sample_posterior(model)
    print("acceptance", float(jnp.mean(accepted)))
    print("posterior mean rate (first 5)", samples[250:].mean(axis=0)[:5])


if __name__ == "__main__":
    main()
