import jax.numpy as jnp
import numpy as np

from enzyme import MODELS
from fitting import curve_fit

# substrate concentration (mM) and initial rates (uM/min) from the plate reader
S = np.array([0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0], dtype=np.float32)
V = np.array([1.9, 3.5, 7.1, 10.4, 13.6, 16.2, 17.9, 18.8], dtype=np.float32)


def fit_kinetics(model="mm", max_iter=50):
    popt, pcov = curve_fit(MODELS[model], S, V, p0=[20.0, 1.0], max_iter=max_iter)
    return popt, jnp.sqrt(jnp.diag(pcov))


def main():
    popt, perr = fit_kinetics()
    print(f"Vmax = {float(popt[0]):.2f} +/- {float(perr[0]):.2f}, Km = {float(popt[1]):.3f} +/- {float(perr[1]):.3f}")


if __name__ == "__main__":
    main()
