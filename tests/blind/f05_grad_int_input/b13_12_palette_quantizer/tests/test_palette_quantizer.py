import jax.numpy as jnp

from quantize_image import main


def test_palette_quantizer():
    assert jnp.isfinite(main(steps=5))
