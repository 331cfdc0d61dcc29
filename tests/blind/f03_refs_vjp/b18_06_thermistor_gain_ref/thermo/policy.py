"""How each parameter of the sensor model receives its gradient."""
import jax

GRAD_MODES = {
    "gain": "value",
    "offset": "value",
    "readings": "skip",
}


def grad_slot(name, buffers):
    mode = GRAD_MODES[name]
    if mode == "ref":
        return buffers[name]
    if mode == "value":
        return jax.ad.GradValue()
    return jax.ad.DontWant()
