"""Which input moves the hot outlet temperature most, per scenario."""
import jax.numpy as jnp

from exchanger.model import Exchanger
from exchanger.sensitivity import outlet_sensitivity

SCENARIOS = jnp.array([
    [360.0, 290.0, 0.5, 0.4],
    [350.0, 285.0, 0.3, 0.6],
    [370.0, 295.0, 0.8, 0.7],
])


def study(channel=0):
    return outlet_sensitivity(Exchanger(), SCENARIOS, channel)


def main():
    sens = study()
    print("sensitivities\n", sens)
    print("dominant input per scenario", jnp.argmax(jnp.abs(sens), axis=1))


if __name__ == "__main__":
    main()
