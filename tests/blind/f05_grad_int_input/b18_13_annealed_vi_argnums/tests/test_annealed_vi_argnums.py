import jax.numpy as jnp

from vi.config import RunConfig
from vi.run import run


def test_annealed_vi_argnums():
    mu, ls = run(RunConfig(steps=1), jnp.ones((4, 2)), jnp.ones(4))
    assert mu.shape == (2,)
