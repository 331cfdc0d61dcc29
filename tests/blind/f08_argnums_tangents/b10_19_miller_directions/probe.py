"""Field components along crystal directions at an interstitial point."""
import jax.numpy as jnp

from crystal.fields import directional_derivatives
from crystal.lattice import SPACING, probe_directions, rocksalt_cluster


def probe(point=(0.5, 0.25, 0.1)):
    sites, charges = rocksalt_cluster()
    point = SPACING * jnp.asarray(point)
    return directional_derivatives(point, sites, charges, probe_directions())


def main():
    phi, slopes = probe()
    print("potential", float(phi), "slopes along [100] [110] [111]", slopes)


if __name__ == "__main__":
    main()
