"""d(outlet temperature) / d(inputs) for every scenario with one reverse pass."""
import jax

from exchanger.model import outlet_temperatures
from exchanger.seeds import channel_seed


def outlet_sensitivity(ex, inputs, channel):
    outputs, pullback = jax.vjp(lambda u: outlet_temperatures(ex, u), inputs)
    (d_inputs,) = pullback(channel_seed(outputs, channel))
    return d_inputs
