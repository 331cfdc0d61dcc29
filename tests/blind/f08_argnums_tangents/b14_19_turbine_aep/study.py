import jax.numpy as jnp

from wind.design import energy_gain
from wind.power_curve import TURBINE

OPTIONS = {
    "bigger rotor": {"rated_speed": jnp.float32(-0.05), "rated_power": jnp.float32(0.0)},
    "uprated generator": {"rated_speed": jnp.float32(0.03), "rated_power": jnp.float32(0.10)},
}


def main():
    results = {}
    for name, changes in OPTIONS.items():
        aep, gain = energy_gain(TURBINE, changes)
        results[name] = float(gain)
        print(f"{name}: AEP {float(aep):.0f} MWh, first-order gain {float(gain):+.0f} MWh")
    return results


if __name__ == "__main__":
    main()
