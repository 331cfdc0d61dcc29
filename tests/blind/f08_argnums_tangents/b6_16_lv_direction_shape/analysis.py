"""How sensitive is a three-species community to its interaction strengths?"""

import jax
import jax.numpy as jnp

from lotka_volterra import LotkaVolterra
from sensitivity import sensitivity_spread


def main():
    model = LotkaVolterra(growth=[1.0, 0.7, -0.4])
    interactions = jnp.array([[-1.0, -0.5, -0.3], [-0.2, -1.0, -0.4], [0.6, 0.3, -0.5]])
    pop0 = jnp.array([0.5, 0.4, 0.2])
    spread = sensitivity_spread(model, interactions, pop0, jax.random.PRNGKey(0))
    print("sensitivities\n", spread)
    return spread


if __name__ == "__main__":
    main()
