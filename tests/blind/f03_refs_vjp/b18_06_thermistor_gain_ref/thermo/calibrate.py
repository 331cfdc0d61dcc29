"""One calibration pass: gradients of the residual with respect to gain and offset."""
import jax
import jax.numpy as jnp

from thermo.policy import grad_slot
from thermo.sensor import ThermistorArray


def calibration_grads(array, offset, readings, reference):
    loss, f_vjp = jax.vjp(
        lambda g, o, r: array.residual_energy(g, o, r, reference), array.gain, offset, readings)
    buffers = {"gain": jax.new_ref(jnp.zeros_like(array.gain[...]))}
    slots = [grad_slot(n, buffers) for n in ("gain", "offset", "readings")]
    _, d_offset, _ = f_vjp.with_refs(*slots)(jnp.ones_like(loss))
    return loss, buffers["gain"][...], d_offset


def main():
    array = ThermistorArray(6)
    readings = jnp.linspace(0.2, 1.2, 6)
    reference = 1.1 * readings + 0.05
    loss, d_gain, d_offset = calibration_grads(array, jnp.zeros(6), readings, reference)
    print(loss, d_gain, d_offset)


if __name__ == "__main__":
    main()
