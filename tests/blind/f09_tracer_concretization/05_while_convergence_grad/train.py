import jax
import jax.numpy as jnp

from roots import eccentric_anomaly


def radius(ecc, mean_anomaly, a=1.0):
    e = eccentric_anomaly(mean_anomaly, ecc)
    return a * (1 - ecc * jnp.cos(e))


def main():
    dr_de = jax.grad(radius)(0.3, 1.0)
    print(dr_de)
    return dr_de


if __name__ == "__main__":
    main()
