"""Sigmoid Emax concentration-effect model with a closed-form derivative in C."""
import jax
import jax.numpy as jnp

from pkpd.jets import propagate


@jax.custom_jvp
def emax_effect(conc, ec50, hill):
    ratio = (conc / ec50) ** hill
    return ratio / (1.0 + ratio)


@emax_effect.defjvp
def _emax_jvp(primals, tangents):
    conc, ec50, hill = primals
    t_conc, t_ec50, t_hill = tangents
    ratio = (conc / ec50) ** hill
    e = ratio / (1.0 + ratio)
    de = e * (1.0 - e)
    # d e / d log(conc) = hill * de; d e / d log(ec50) = -hill * de; d e / d hill = log(conc/ec50) * de
    t_log = t_conc / conc - t_ec50 / ec50
    d2 = hill * de * (1.0 - 2.0 * e)
    jet = propagate(e, hill * de, d2, t_log)
    tangent = jet.tangent + jnp.log(conc / ec50) * de * t_hill
    return e, tangent
