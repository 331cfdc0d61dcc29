import jax.numpy as jnp

from newton import bs_call, implied_vol


def main():
    quotes = [(100.0, 95.0), (100.0, 100.0), (100.0, 110.0)]
    vols = []
    for spot, strike in quotes:
        price = bs_call(0.25, spot, strike, 0.01, 0.5)
        vols.append(float(implied_vol(price, spot, strike, 0.01, 0.5)))
    print("implied vols", vols)
    return vols


if __name__ == "__main__":
    main()
