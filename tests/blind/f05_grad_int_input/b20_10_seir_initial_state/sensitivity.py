"""How much does the epidemic peak depend on the seeding of the outbreak?"""
import jax

from scenario import RATES, SCENARIO, initial_state
from seir import peak_infectious


def seeding_sensitivity(scenario, rates):
    y0 = initial_state(scenario)
    d_peak = jax.grad(peak_infectious)(y0, rates, scenario)
    return dict(zip("SEIR", (float(v) for v in d_peak)))


def main():
    sens = seeding_sensitivity(SCENARIO, RATES)
    print("d peak / d initial compartment:", {k: round(v, 3) for k, v in sens.items()})
    return sens


if __name__ == "__main__":
    main()
