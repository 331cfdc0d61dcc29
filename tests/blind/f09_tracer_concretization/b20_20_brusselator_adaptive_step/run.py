"""Integrate the Brusselator to t = 20 and report the limit-cycle state."""
import jax.numpy as jnp

from models import brusselator
from stepper import integrate


def main(t_end=20.0):
    y, n = integrate(brusselator(), jnp.array([1.5, 3.0]), t_end)
    print(f"y({t_end}) = {[round(float(v), 4) for v in y]} after {n} attempts")
    return y


if __name__ == "__main__":
    main()
