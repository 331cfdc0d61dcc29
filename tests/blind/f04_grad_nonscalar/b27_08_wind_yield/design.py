"""Choose rotor radius and generator rating that maximise yield minus cost."""
import jax
import jax.numpy as jnp

from quadrature import make_gauss_legendre
from turbine import power_kw, weibull_pdf

integrate = make_gauss_legendre(32, 0.0, 30.0)
HOURS = 8760.0


def annual_mwh(params):
    radius, rated = params["radius"], params["rated_kw"]
    mean_kw = integrate(lambda v: power_kw(v, radius, rated) * weibull_pdf(v))
    return HOURS * mean_kw / 1000.0


def cost_keur(params):
    return 0.9 * params["radius"] ** 2.2 + 0.35 * params["rated_kw"]


def objective(params):
    return 0.05 * cost_keur(params) - 0.06 * annual_mwh(params)


@jax.jit
def step(params):
    g = jax.grad(objective)(params)
    return {k: params[k] - {"radius": 1e-2, "rated_kw": 1e2}[k] * g[k] for k in params}


def main():
    params = {"radius": jnp.float32(40.0), "rated_kw": jnp.float32(2000.0)}
    for _ in range(50):
        params = step(params)
    print({k: float(v) for k, v in params.items()}, float(annual_mwh(params)))


if __name__ == "__main__":
    main()
