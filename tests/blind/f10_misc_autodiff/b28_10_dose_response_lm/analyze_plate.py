import jax.numpy as jnp
import numpy as np

from curves import four_pl
from lm_fit import levenberg_marquardt

DOSES_UM = np.array([0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0])
WELLS = {
    "cmpd_A": np.array([2.1, 2.5, 4.0, 9.8, 24.0, 51.0, 78.0, 92.0, 97.0, 98.5]),
    "cmpd_B": np.array([1.0, 1.2, 1.1, 2.0, 3.5, 8.0, 20.0, 44.0, 70.0, 85.0]),
}


def fit_compound(response):
    log_dose = jnp.log10(jnp.asarray(DOSES_UM, jnp.float32))
    y = jnp.asarray(response, jnp.float32)
    residuals = lambda p: four_pl(p, log_dose) - y
    p0 = jnp.array([float(y.min()), float(y.max()), float(jnp.median(log_dose)), 1.0])
    return levenberg_marquardt(residuals, p0)


def main():
    results = {}
    for name, response in WELLS.items():
        bottom, top, log_ec50, hill = fit_compound(response)
        results[name] = 10 ** float(log_ec50)
        print(f"{name}: EC50 = {results[name]:.3g} uM, Hill = {float(hill):.2f}")
    return results


if __name__ == "__main__":
    main()
