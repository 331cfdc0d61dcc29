"""Price and vega of a daily-monitored up-and-out call."""

import jax
import jax.numpy as jnp

from mc.paths import gbm_paths
from mc.payoffs import up_and_out_call

RATE, MATURITY = 0.03, 0.5


def price(vol, key, s0, strike, barrier, n_steps, n_paths=4096):
    paths = gbm_paths(key, s0, vol, RATE, MATURITY, n_steps, n_paths)
    return jnp.exp(-RATE * MATURITY) * jnp.mean(up_and_out_call(paths, strike, barrier))


@jax.jit
def price_and_vega(vol, key, s0, strike, barrier, n_steps):
    return jax.value_and_grad(price)(vol, key, s0, strike, barrier, n_steps)


def main():
    p, vega = price_and_vega(0.25, jax.random.key(0), 100.0, 100.0, 130.0, 126)
    print(f"price {float(p):.3f}  vega {float(vega):.3f}")


if __name__ == "__main__":
    main()
