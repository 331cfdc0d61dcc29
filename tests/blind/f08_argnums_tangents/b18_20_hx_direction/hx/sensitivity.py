"""Directional sensitivity of a heat-exchanger network's outlet temperatures to its UA values."""
import jax
import jax.numpy as jnp

from hx.probes import rademacher


def outlet_temperatures(ua, t_in, flow_cp):
    ntu = ua / flow_cp[:, None]
    eff = 1.0 - jnp.exp(-ntu)
    return t_in[:, None] * (1.0 - eff)


def directional_sensitivity(ua, t_in, flow_cp, key):
    direction = rademacher(key, ua)
    _, dT = jax.jvp(lambda u: outlet_temperatures(u, t_in, flow_cp), (ua,), (direction,))
    return dT


def main():
    ua = jnp.linspace(1.0, 4.0, 15).reshape(3, 5)
    t_in = jnp.array([350.0, 360.0, 340.0])
    flow_cp = jnp.array([2.0, 2.5, 3.0])
    print(directional_sensitivity(ua, t_in, flow_cp, jax.random.PRNGKey(12)))


if __name__ == "__main__":
    main()
