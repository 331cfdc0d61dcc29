"""Which PK parameter most changes the concentration profile after a 500 mg dose?"""

import jax.numpy as jnp

from pk import OneCompartmentOral, parameter_jacobian
from pk.analysis import normalised


def main():
    model = OneCompartmentOral(dose_mg=500.0, times_h=jnp.linspace(0.5, 24.0, 12))
    values = {"ka": jnp.array(1.2), "ke": jnp.array(0.15), "volume": jnp.array(40.0)}
    conc = model.concentration(**values)
    jac = parameter_jacobian(model.concentration, values["ka"], values["ke"], values["volume"])
    elasticity = normalised(jac, values, conc)
    for name, e in elasticity.items():
        print(f"{name:>7}: max |elasticity| {float(jnp.max(jnp.abs(e))):.3f}")
    return elasticity


if __name__ == "__main__":
    main()
