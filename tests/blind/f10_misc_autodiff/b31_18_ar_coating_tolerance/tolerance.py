"""How sensitive is a quarter-wave AR coating on silicon to the film's index?"""
import jax
import jax.numpy as jnp

from materials import refractive_index
from thinfilm import quarter_wave, reflection_amplitude, reflectance


def index_sensitivity(film, substrate):
    n_film = refractive_index(film)
    n_sub = refractive_index(substrate)
    d = quarter_wave(n_film)
    dr_dn = jax.grad(reflection_amplitude, holomorphic=True)(n_film, d, n_sub)
    r = reflection_amplitude(n_film, d, n_sub)
    # first-order change of |r|^2 for a real index error dn: 2 Re(conj(r) dr/dn) dn
    return reflectance(n_film, d, n_sub), 2.0 * jnp.real(jnp.conj(r) * dr_dn)


def main():
    results = {}
    for film in ("MgF2", "SiO2", "Si3N4"):
        R, dR_dn = index_sensitivity(film, "Si")
        results[film] = (R, dR_dn)
        print(f"{film:6s}: R = {float(R) * 100:.2f} %, dR/dn = {float(dR_dn):+.3f}")
    return results


if __name__ == "__main__":
    main()
