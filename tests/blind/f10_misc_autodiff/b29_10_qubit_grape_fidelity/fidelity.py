"""Gate fidelities, averaged over a detuning ensemble for robustness."""
import jax
import jax.numpy as jnp

from spin import total_propagator


def gate_fidelity(U, target):
    d = U.shape[0]
    overlap = jnp.trace(target.conj().T @ U) / d
    return overlap * jnp.conj(overlap)


def robust_infidelity(controls, target, detunings, dt, smooth=1e-3):
    fids = jax.vmap(lambda delta: gate_fidelity(total_propagator(controls, delta, dt), target))(detunings)
    roughness = smooth * jnp.sum(jnp.diff(controls, axis=0) ** 2)
    return 1.0 - jnp.mean(fids) + roughness
