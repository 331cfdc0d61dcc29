"""Energy and force matching objectives."""
import jax
import jax.numpy as jnp

from potfit.potential import morse_energy, morse_forces


class MatchingLoss:
    """Sum of per-quantity squared errors over a batch of configurations."""

    def terms(self, params, batch):
        energies = jax.vmap(morse_energy, (None, 0))(params, batch["positions"])
        forces = jax.vmap(morse_forces, (None, 0))(params, batch["positions"])
        return {
            "energy": jnp.mean((energies - batch["energy"]) ** 2),
            "forces": jnp.mean((forces - batch["forces"]) ** 2),
        }

    def reduce(self, terms):
        return sum(terms.values())

    def __call__(self, params, batch):
        return self.reduce(self.terms(params, batch))


class WeightedMatchingLoss(MatchingLoss):
    def __init__(self, weights):
        self.weights = weights

    def reduce(self, terms):
        weighted = {name: self.weights[name] * value for name, value in terms.items()}
        return dict(total=sum(weighted.values()), **weighted)
