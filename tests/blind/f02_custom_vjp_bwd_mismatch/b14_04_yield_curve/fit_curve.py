import jax.numpy as jnp

from curves.bootstrap import BondStrip, calibrate
from curves.types import Curve


def market():
    strip = BondStrip(coupons=[0.02, 0.025, 0.03, 0.035],
                      maturities=[1.0, 2.0, 5.0, 10.0],
                      prices=jnp.array([100.4, 100.9, 101.6, 102.3]))
    curve = Curve(times=jnp.array([0.0, 1.0, 2.0, 5.0, 10.0]),
                  rates=jnp.full((5,), 0.03))
    return strip, curve


def main():
    strip, curve = market()
    fitted = calibrate(strip, curve)
    print("zero rates:", fitted.rates)


if __name__ == "__main__":
    main()
