import jax
import jax.numpy as jnp

from pk import DT_H, concentration_curve

simulate = jax.jit(concentration_curve)


def hours_to_steps(hours):
    return int(round(hours / DT_H))


def auc(params, dose_mg=500.0, hours=24.0):
    return jnp.sum(simulate(params, dose_mg, hours_to_steps(hours))) * DT_H


def main():
    params = {"ka": 1.2, "ke": 0.15, "volume": 42.0}
    curve = simulate(params, 500.0, hours_to_steps(24.0))
    print("Cmax mg/L", float(curve.max()), "AUC", float(auc(params)))
    return curve


if __name__ == "__main__":
    main()
