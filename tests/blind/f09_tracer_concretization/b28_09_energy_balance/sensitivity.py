# Equilibrium climate sensitivity: dT/dF of the model's end state.
import jax
import jax.numpy as jnp

from ebm import integrate

T_PREINDUSTRIAL = jnp.float32(287.0)
F_2XCO2 = 3.7  # W m-2


def final_temperature(forcing, ice_feedback):
    T_final, _ = integrate(T_PREINDUSTRIAL, forcing, ice_feedback)
    return T_final


def main():
    for feedback in (False, True):
        dTdF = jax.grad(final_temperature)(jnp.float32(F_2XCO2), feedback)
        print(f"ice feedback={feedback}: lambda^-1 = {float(dTdF):.3f} K/(W m-2), "
              f"ECS ~ {float(dTdF) * F_2XCO2:.2f} K")


if __name__ == "__main__":
    main()
